import { z } from 'zod';
import { pageQuery } from './api.js';
import { zCode, zIdentifier, zName } from './rules.js';

/** One grouping label of an organisation (region, channel…): a name and a code. */
export const orgGrouping = z.object({ name: zName, code: zCode });
export type OrgGrouping = z.infer<typeof orgGrouping>;
export const ORG_GROUPINGS_MAX = 20;

export const orgRow = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  /** The organisation's identifier (§5 identifier rule), unique. */
  code: z.string(),
  /** Its type: the organisation group. */
  groupId: z.number(),
  groupCode: z.string(),
  groupName: z.string(),
  number: z.string().nullable(),
  address: z.string().nullable(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  groupings: z.array(z.object({ name: z.string(), code: z.string() })),
  createdAt: z.number(),
});
export type OrgRow = z.infer<typeof orgRow>;

/** An organisation of the tree with what still hangs on it (directly). */
export const orgTreeRow = /* @__PURE__ */ orgRow.extend({ users: z.number(), plants: z.number(), devices: z.number() });
export type OrgTreeRow = z.infer<typeof orgTreeRow>;

const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

export const orgBody = z.object({
  parentId: z.number().int().positive(),
  groupId: z.number().int().positive(),
  name: zName,
  code: zIdentifier.max(64, { message: 'validation.identifier' }),
  number: zCode.or(z.literal('')).optional().nullable(),
  address: optionalText(255),
  contact: optionalText(64),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{5,20}$/, { message: 'validation.mobile' })
    .or(z.literal(''))
    .optional()
    .nullable(),
  groupings: z
    .array(orgGrouping)
    .max(ORG_GROUPINGS_MAX)
    .refine((g) => new Set(g.map((x) => x.code.toLowerCase())).size === g.length, {
      message: 'validation.orgGroupingDuplicate',
    })
    .default([]),
});
export type OrgBody = z.input<typeof orgBody>;
/**
 * A name kept from before the §5 rule (the demo's "SunPath Services") may stay as it is when the
 * rest is edited; the server checks the rule as soon as the name changes.
 */
const zKeptName = z.string().trim().min(1).max(64);

/** Editing never moves: the parent changes through the move call. */
export const orgUpdateBody = /* @__PURE__ */ orgBody.omit({ parentId: true }).extend({ name: zKeptName });
export type OrgUpdateBody = z.input<typeof orgUpdateBody>;
export const orgMoveBody = z.object({ parentId: z.number().int().positive() });

export const orgGroupRow = z.object({ id: z.number(), code: z.string(), name: z.string(), orgs: z.number() });
export type OrgGroupRow = z.infer<typeof orgGroupRow>;
export const orgGroupBody = z.object({ name: zName, code: zCode });
export type OrgGroupBody = z.infer<typeof orgGroupBody>;
export const orgGroupUpdateBody = /* @__PURE__ */ orgGroupBody.extend({ name: zKeptName });
export const orgGroupListQuery = /* @__PURE__ */ pageQuery.extend({
  name: z.string().trim().max(64).optional(),
  code: z.string().trim().max(64).optional(),
});
export type OrgGroupListQuery = z.infer<typeof orgGroupListQuery>;
export const orgGroupOption = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type OrgGroupOption = z.infer<typeof orgGroupOption>;
