import { z } from 'zod';
import { pageQuery } from './api.js';

/** What an audit entry records: the mutating verbs, grants, and sign-in / sign-out. */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'grant', 'login', 'loginFailed', 'logout'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditListQuery = /* @__PURE__ */ pageQuery.extend({
  /** login name, exact or prefix */
  user: z.string().trim().max(64).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  entity: z.string().trim().max(64).optional(),
  /** epoch ms, inclusive */
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditRow = z.object({
  id: z.number(),
  at: z.number(),
  userId: z.number().nullable(),
  loginName: z.string().nullable(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.string(),
  recordId: z.string().nullable(),
  summary: z.string(),
  method: z.string(),
  route: z.string(),
  ip: z.string(),
});
export type AuditRow = z.infer<typeof auditRow>;
