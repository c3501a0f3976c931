import { z } from 'zod';
import { MAX_ID, pageQuery } from './api.js';
import { zTimeZone } from './plant.js';
import { zEmail, zIdentifier, zPassword } from './rules.js';

export const USER_STATES = ['enabled', 'disabled'] as const;

export const userListQuery = /* @__PURE__ */ pageQuery.extend({
  loginName: z.string().trim().max(64).optional(),
  nickname: z.string().trim().max(64).optional(),
  state: z.enum(USER_STATES).optional(),
  orgId: z.coerce.number().int().positive().max(MAX_ID).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userRow = z.object({
  id: z.number(),
  loginName: z.string(),
  nickname: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  state: z.enum(USER_STATES),
  orgId: z.number(),
  orgName: z.string(),
  roles: z.array(z.string()),
  roleIds: z.array(z.number()),
  createdAt: z.number(),
});
export type UserRow = z.infer<typeof userRow>;

export const userStateBody = z.object({ state: z.enum(USER_STATES) });

export const profile = z.object({
  id: z.number(),
  loginName: z.string(),
  nickname: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  orgName: z.string(),
  roles: z.array(z.string()),
  /** API path of the avatar picture ('' when none). */
  avatar: z.string(),
  createdAt: z.number(),
  /** The IANA zone audit and system times are shown in; null: the browser's. */
  timeZone: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

export const profileUpdateBody = z.object({
  nickname: z.string().trim().min(1).max(30),
  email: zEmail.or(z.literal('')).optional(),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{5,20}$/, { message: 'validation.mobile' })
    .or(z.literal(''))
    .optional(),
  /** An IANA zone; null or '' goes back to the browser's, left out keeps the stored one. */
  timeZone: zTimeZone.or(z.literal('')).nullable().optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

// Administration of users (the /auth/user screen) --------------------------------------------

/** A nickname is a person's name: 1-30 characters (spaces allowed, as in the user center). */
export const zNickname = z
  .string()
  .trim()
  .min(1, { message: 'validation.adminNickname' })
  .max(30, { message: 'validation.adminNickname' });
export const zMobile = z
  .string()
  .trim()
  .regex(/^\+?[0-9 -]{5,20}$/, { message: 'validation.mobile' });
export const zLoginName = zIdentifier.max(64, { message: 'validation.identifier' });
export const zRoleIds = z.array(z.number().int().positive()).min(1, { message: 'validation.adminRoles' }).max(50);

export const userCreateBody = z.object({
  loginName: zLoginName,
  nickname: zNickname,
  mobile: zMobile.or(z.literal('')).optional(),
  email: zEmail.or(z.literal('')).optional(),
  orgId: z.number().int().positive(),
  roleIds: zRoleIds,
  /** Absent or empty: the server generates one and answers it once. */
  password: zPassword.or(z.literal('')).optional(),
});
export type UserCreateBody = z.infer<typeof userCreateBody>;

/** Edit: the same fields without the password; changing roles needs user:assign too. */
export const userUpdateBody = /* @__PURE__ */ userCreateBody
  .omit({ password: true })
  .extend({ roleIds: zRoleIds.optional() });
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

export const userRolesBody = z.object({ roleIds: zRoleIds });
export const resetPasswordBody = z.object({ password: zPassword.or(z.literal('')).optional() });
/** The password, answered once (generated ones are never stored in clear). */
export const passwordOnce = z.object({ id: z.number(), password: z.string().nullable() });

export const userOptions = z.object({
  orgs: z.array(z.object({ id: z.number(), parentId: z.number().nullable(), name: z.string() })),
  /** The roles you may assign (see the server's grant rules). */
  roles: z.array(z.object({ id: z.number(), code: z.string(), name: z.string() })),
});
export type UserOptions = z.infer<typeof userOptions>;
