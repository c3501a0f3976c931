import { z } from 'zod';
import { pageQuery } from './api.js';
import { DATA_SCOPES } from './constants.js';
import { zIdentifier, zName } from './rules.js';

/** Wider first: a role may not be given a scope wider than its grantor's (server rule). */
export const DATA_SCOPE_ORDER = ['self', 'org', 'orgAndChildren', 'all'] as const;

export const roleListQuery = /* @__PURE__ */ pageQuery.extend({
  code: z.string().trim().max(64).optional(),
  name: z.string().trim().max(64).optional(),
});
export type RoleListQuery = z.infer<typeof roleListQuery>;

export const roleRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  orgId: z.number(),
  orgName: z.string(),
  dataScope: z.enum(DATA_SCOPES),
  sensitive: z.boolean(),
  users: z.number(),
});
export type RoleRow = z.infer<typeof roleRow>;

/** Spec §5: the identifier is letters, digits and hyphens starting with a letter or digit; the name 1-30 letters, digits or Chinese. */
export const roleBody = z.object({
  code: zIdentifier.max(64, { message: 'validation.identifier' }),
  name: zName,
  orgId: z.number().int().positive(),
  dataScope: z.enum(DATA_SCOPES),
  sensitive: z.boolean(),
});
export type RoleBody = z.infer<typeof roleBody>;

export const roleGrantBody = z.object({ resourceIds: z.array(z.number().int().positive()).max(2000) });

export const roleOptions = z.object({
  orgs: z.array(z.object({ id: z.number(), parentId: z.number().nullable(), name: z.string() })),
  /** The data scopes you may give (yours and narrower). */
  dataScopes: z.array(z.enum(DATA_SCOPES)),
  sensitive: z.boolean(),
});
export type RoleOptions = z.infer<typeof roleOptions>;
