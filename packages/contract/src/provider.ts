import { z } from 'zod';
import { pageQuery } from './api.js';
import {
  CONTRACT_STATUSES,
  isCalendarDay,
  PROVIDER_ASSIGN_MAX,
  PROVIDER_SERVICE_TYPES,
  PROVIDER_TYPES,
} from './provider-constants.js';
import { isValidIdentifier, zName } from './rules.js';

export * from './provider-constants.js';

/**
 * Service providers (spec §3, issue 19): organisations of the service-provider (AGENT) group with
 * a profile. A provider serves the plants of its organisation and of those below it; the number
 * of projects is counted from them, never typed.
 */

export const providerRow = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  address: z.string().nullable(),
  providerType: z.enum(PROVIDER_TYPES).nullable(),
  contact: z.string().nullable(),
  /** masked for roles without the sensitive-data grant */
  phone: z.string().nullable(),
  serviceType: z.enum(PROVIDER_SERVICE_TYPES).nullable(),
  serviceArea: z.string().nullable(),
  contractNo: z.string().nullable(),
  contractStatus: z.enum(CONTRACT_STATUSES),
  certification: z.string().nullable(),
  /** plants served (its organisation's and those below it) */
  projects: z.number(),
  /** yyyy-mm-dd */
  lastMaintenanceAt: z.string().nullable(),
  remarks: z.string().nullable(),
  createdAt: z.number(),
});
export type ProviderRow = z.infer<typeof providerRow>;

export const providerQuery = /* @__PURE__ */ pageQuery.extend({
  /** name, contact, contract number or service area */
  keyword: z.string().trim().max(64).optional(),
  contractStatus: z.enum(CONTRACT_STATUSES).optional(),
  serviceType: z.enum(PROVIDER_SERVICE_TYPES).optional(),
});
export type ProviderQuery = z.infer<typeof providerQuery>;

const optionalText = (max: number) => z.string().trim().max(max, { message: 'validation.tooLong' }).nullish();

export const providerBody = z.object({
  name: zName,
  address: optionalText(255),
  providerType: z.enum(PROVIDER_TYPES).nullish(),
  contact: optionalText(64),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\+?[0-9 -]{5,20}$/.test(v), { message: 'validation.mobile' })
    .nullish(),
  serviceType: z.enum(PROVIDER_SERVICE_TYPES).nullish(),
  serviceArea: optionalText(255),
  contractNo: z
    .string()
    .trim()
    .refine((v) => v === '' || (v.length <= 64 && isValidIdentifier(v)), { message: 'validation.identifier' })
    .nullish(),
  contractStatus: z.enum(CONTRACT_STATUSES).default('active'),
  certification: optionalText(255),
  lastMaintenanceAt: z
    .string()
    .refine((v) => v === '' || isCalendarDay(v), { message: 'validation.maintenanceDay' })
    .nullish(),
  remarks: optionalText(1000),
});
export type ProviderBody = z.input<typeof providerBody>;
/** A name kept from before the §5 rule ("SunPath Services") may stay; the server checks the rule once it changes. */
export const providerUpdateBody = /* @__PURE__ */ providerBody.extend({ name: z.string().trim().min(1).max(64) });
export type ProviderUpdateBody = z.input<typeof providerUpdateBody>;

export const providerOption = z.object({ id: z.number(), name: z.string() });
export type ProviderOption = z.infer<typeof providerOption>;

/** The management list: plants of the caller's scope with the provider serving them. */
export const providerPlantQuery = /* @__PURE__ */ pageQuery.extend({
  name: z.string().trim().max(64).optional(),
  /** a provider's id, or 0 for the plants no provider serves */
  providerId: z.coerce.number().int().min(0).optional(),
});
export type ProviderPlantQuery = z.infer<typeof providerPlantQuery>;

export const providerPlantRow = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string().nullable(),
  capacityWp: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  providerId: z.number().nullable(),
  providerName: z.string().nullable(),
});
export type ProviderPlantRow = z.infer<typeof providerPlantRow>;

export const providerAssignBody = z.object({
  providerId: z.number().int().positive(),
  plantIds: z.array(z.number().int().positive()).min(1).max(PROVIDER_ASSIGN_MAX),
});
export type ProviderAssignBody = z.input<typeof providerAssignBody>;
