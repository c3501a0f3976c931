import { z } from 'zod';
import { pageQuery } from './api.js';
import { zEmail } from './rules.js';

export const USER_STATES = ['enabled', 'disabled'] as const;

export const userListQuery = pageQuery.extend({
  loginName: z.string().trim().max(64).optional(),
  nickname: z.string().trim().max(64).optional(),
  state: z.enum(USER_STATES).optional(),
  orgId: z.coerce.number().int().positive().optional(),
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
  createdAt: z.number(),
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
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;
