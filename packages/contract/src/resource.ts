import { z } from 'zod';

export const RESOURCE_KINDS = ['menu', 'button'] as const;
export const PERM_RE = /^[A-Za-z][A-Za-z0-9-]*:[A-Za-z][A-Za-z0-9-]*$/;

export const resourceRow = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  kind: z.enum(RESOURCE_KINDS),
  name: z.string(),
  nameEn: z.string().nullable(),
  /** The console's translation key; cleared once an administrator renames the resource. */
  titleKey: z.string(),
  /** 1 for top-level resources, parent's level + 1 below. */
  level: z.number(),
  routerPath: z.string().nullable(),
  icon: z.string().nullable(),
  perm: z.string().nullable(),
  /** Records behind this resource are filtered by the role's data permission. */
  dataPerm: z.boolean(),
  /** This resource shows sensitive fields (masked without the sensitive-data grant). */
  sensitive: z.boolean(),
  sort: z.number(),
  /** Seeded from the route table (a restart never re-creates it once deleted). */
  seeded: z.boolean(),
});
export type ResourceRow = z.infer<typeof resourceRow>;

const optText = (max: number) => z.string().trim().max(max).or(z.literal('')).nullable().optional();

export const resourceBody = z
  .object({
    parentId: z.number().int().positive().nullable(),
    kind: z.enum(RESOURCE_KINDS),
    name: z.string().trim().min(1, { message: 'validation.adminName' }).max(64, { message: 'validation.adminName' }),
    nameEn: optText(64),
    routerPath: z
      .string()
      .trim()
      .max(255)
      .regex(/^\/[A-Za-z0-9_\-/]*$/, { message: 'validation.adminRouterPath' })
      .or(z.literal(''))
      .nullable()
      .optional(),
    icon: optText(64),
    perm: z
      .string()
      .trim()
      .max(64)
      .regex(PERM_RE, { message: 'validation.adminPerm' })
      .or(z.literal(''))
      .nullable()
      .optional(),
    dataPerm: z.boolean().default(false),
    sensitive: z.boolean().default(false),
    sort: z.number().int().min(0).max(100000).default(0),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'menu' && !v.routerPath)
      ctx.addIssue({ code: 'custom', path: ['routerPath'], message: 'validation.adminRouterPath' });
    if (v.kind === 'button' && !v.perm)
      ctx.addIssue({ code: 'custom', path: ['perm'], message: 'validation.adminPermRequired' });
  });
export type ResourceBody = z.infer<typeof resourceBody>;

/** The grant tree of a role: every resource, which of them the role holds and which you may toggle. */
export const roleGrants = z.object({
  resources: z.array(resourceRow.extend({ grantable: z.boolean() })),
  granted: z.array(z.number()),
});
export type RoleGrants = z.infer<typeof roleGrants>;
