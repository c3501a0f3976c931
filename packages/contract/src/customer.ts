import { z } from 'zod';
import { pageQuery } from './api.js';
import { zEmail, zIdentifier } from './rules.js';

/** Spec §5: a phone number as people type it (digits, an optional +, spaces and hyphens). */
export const PHONE_RE = /^\+?[0-9][0-9 -]{4,19}$/;
export const zPhone = z.string().trim().regex(PHONE_RE, { message: 'validation.mobile' });

export const customerListQuery = /* @__PURE__ */ pageQuery.extend({
  /** name or nickname, part of it */
  name: z.string().trim().max(64).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(32).optional(),
  /** the serving organisation's name, part of it */
  org: z.string().trim().max(64).optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const customerRow = z.object({
  id: z.number(),
  nickname: z.string(),
  name: z.string(),
  /** masked (a***@example.com) for roles without the sensitive-data grant */
  email: z.string().nullable(),
  /** masked (138****5678) for roles without the sensitive-data grant */
  phone: z.string().nullable(),
  /** masked for roles without the sensitive-data grant */
  address: z.string().nullable(),
  orgId: z.number(),
  orgName: z.string(),
  /** the login account's name, when the customer has one */
  loginName: z.string().nullable(),
  loginState: z.enum(['enabled', 'disabled']).nullable(),
  plants: z.number(),
  createdAt: z.number(),
});
export type CustomerRow = z.infer<typeof customerRow>;

const optionalText = (max: number) => z.string().trim().max(max).or(z.literal('')).optional();

export const customerBody = z.object({
  name: z.string().trim().min(1).max(64),
  nickname: z.string().trim().max(64).optional(),
  email: zEmail.or(z.literal('')).optional(),
  phone: zPhone.or(z.literal('')).optional(),
  address: optionalText(200),
  /** the organisation that serves the customer; the caller's own when left out */
  orgId: z.number().int().positive().optional(),
  /**
   * A login account for the customer (create, or an edit of a customer without one): its name.
   * The first password is generated and mailed to the customer's e-mail, which is then required.
   */
  loginName: zIdentifier.max(64).optional(),
});
export type CustomerBody = z.infer<typeof customerBody>;

export const customerOptionQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type CustomerOptionQuery = z.infer<typeof customerOptionQuery>;
export const customerOption = z.object({ id: z.number(), name: z.string(), orgId: z.number() });
export type CustomerOption = z.infer<typeof customerOption>;

/** Account cancellation (public): step 1, the e-mail; step 2, the code mailed to it. */
export const CANCEL_CODE_LENGTH = 6;
export const cancelSendBody = z.object({ email: zEmail });
export type CancelSendBody = z.infer<typeof cancelSendBody>;
export const cancelConfirmBody = z.object({
  email: zEmail,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9]{${CANCEL_CODE_LENGTH}}$`), { message: 'validation.cancelCode' }),
});
export type CancelConfirmBody = z.infer<typeof cancelConfirmBody>;
