import { z } from 'zod';
import { zPassword } from './rules.js';

export const loginBody = z.object({
  // spec §5: the username is trimmed before sending; the password is sent as typed.
  username: z.string().trim().min(1, { message: 'validation.usernameRequired' }).max(64),
  password: z.string().min(1, { message: 'validation.passwordRequired' }).max(256),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginData = z.object({ token: z.string() });

export const orgGroupInfo = z.object({
  orgGroupCode: z.string(),
  orgGroupName: z.string(),
  orgGroupId: z.number(),
});

export const currentInfoData = z.object({
  roles: z.array(z.string()),
  orgId: z.number(),
  nickname: z.string(),
  perms: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  list: z.array(z.object({ routerPath: z.string() })),
  /** The user's IANA zone for audit and system times; null: the browser's (as in GET /profile). */
  timeZone: z.string().nullable().optional(),
});
export type CurrentInfoData = z.infer<typeof currentInfoData>;

/** The whole currentInfo answer: the envelope plus orgGroup, orgName and userName at top level. */
export const currentInfoResponse = z.object({
  code: z.number(),
  msg: z.string(),
  data: currentInfoData,
  orgGroup: orgGroupInfo,
  orgName: z.string(),
  userName: z.string(),
});
export type CurrentInfoResponse = z.infer<typeof currentInfoResponse>;

export const changePasswordBody = z
  .object({
    oldPassword: z.string().min(1, { message: 'validation.passwordRequired' }),
    newPassword: zPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'validation.passwordsInconsistent',
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
