import { z } from 'zod';
import { MAX_ID, pageQuery } from './api.js';
import { INSTALL_POSITIONS } from './constants.js';
import { checkAuthorisedList, zName } from './rules.js';
import { POWER_DIRECTIONS } from './power-flow.js';
import { DEVICE_ONLINE_STATES, DEVICE_RUN_STATES, DEVICE_TYPES } from './telemetry.js';

export * from './power-flow.js';

export const PLANT_STATUSES = ['online', 'offline', 'fault'] as const;
export type PlantStatus = (typeof PLANT_STATUSES)[number];

/** Columns the plant list sorts on (each backed by plants or plant_stats in SQL). */
export const PLANT_SORT_FIELDS = [
  'name',
  'capacity',
  'installedAt',
  'dataUpdatedAt',
  'power',
  'energyToday',
  'energyMonth',
  'energyYear',
  'energyTotal',
  'status',
  'createdAt',
  'revenueToday',
  'revenueTotal',
] as const;

/** An IANA time zone the runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(v: string): boolean {
  if (!v || !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(v)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone; the document says so with the format `time-zone` (what the refinement checks). */
export const zTimeZone = z
  .string()
  .trim()
  .refine(isTimeZone, { message: 'validation.timeZone' })
  .meta({ format: 'time-zone', examples: ['Europe/Berlin'] });

export const plantListQuery = /* @__PURE__ */ pageQuery.extend({
  status: z.enum(PLANT_STATUSES).optional(),
  name: z.string().trim().max(64).optional(),
  owner: z.string().trim().max(64).optional(),
  /** the plants of one customer (the customer list's plant count links here) */
  ownerId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  installer: z.string().trim().max(64).optional(),
  org: z.string().trim().max(64).optional(),
  /** 1: only the caller's favourites */
  favourite: z.coerce.number().int().min(0).max(1).optional(),
  sortField: z.enum(PLANT_SORT_FIELDS).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type PlantListQuery = z.infer<typeof plantListQuery>;

export const plantRow = z.object({
  id: z.number(),
  name: z.string(),
  /** kWp */
  capacityKw: z.number(),
  country: z.string().nullable(),
  timeZone: z.string(),
  address: z.string().nullable(),
  installedAt: z.number().nullable(),
  dataUpdatedAt: z.number().nullable(),
  ownerId: z.number().nullable(),
  ownerName: z.string().nullable(),
  installerOrgId: z.number().nullable(),
  installerName: z.string().nullable(),
  orgId: z.number(),
  orgName: z.string(),
  /** W */
  power: z.number(),
  energyToday: z.number(),
  energyMonth: z.number(),
  energyYear: z.number(),
  energyTotal: z.number(),
  status: z.enum(PLANT_STATUSES),
  devices: z.number(),
  devicesOnline: z.number(),
  openFaults: z.number(),
  favourite: z.boolean(),
  installPosition: z.enum(INSTALL_POSITIONS).nullable(),
  installCapacityWp: z.number().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdAt: z.number(),
  /** the tariff (issue 20): null when the plant has none, and then no revenue is shown */
  powerCompanyId: z.number().nullable(),
  priceArea: z.string().nullable(),
  currency: z.string().nullable(),
  /** revenue in minor units of `currency` (today is the plant's local day); null without a tariff */
  revenueToday: z.number().nullable(),
  revenueTotal: z.number().nullable(),
});
export type PlantRow = z.infer<typeof plantRow>;

export const plantCounts = z.object({ all: z.number(), online: z.number(), offline: z.number(), fault: z.number() });
export type PlantCounts = z.infer<typeof plantCounts>;
export const plantPage = z.object({ rows: z.array(plantRow), total: z.number(), counts: plantCounts });
export type PlantPage = z.infer<typeof plantPage>;

const optionalText = (max: number) =>
  z.string().trim().max(max, { message: 'validation.tooLong' }).nullable().optional();

/** Create / edit a plant (spec §3 fields, §5 name rule); the same schema drives the form's rules. */
export const plantBody = z.object({
  name: zName,
  capacityKw: z
    .number({ message: 'validation.capacity' })
    .positive({ message: 'validation.capacity' })
    .max(1_000_000, { message: 'validation.capacity' }),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, { message: 'validation.country' })
    .nullable()
    .optional(),
  timeZone: zTimeZone,
  address: optionalText(200),
  installedAt: z.number().int().min(0).nullable().optional(),
  ownerId: z.number().int().positive().nullable().optional(),
  installerOrgId: z.number().int().positive().nullable().optional(),
  /** the organisation the plant belongs to (in your scope); yours by default */
  orgId: z.number().int().positive().optional(),
  installPosition: z.enum(INSTALL_POSITIONS).nullable().optional(),
  installCapacityWp: z
    .number({ message: 'validation.installCapacity' })
    .int({ message: 'validation.installCapacity' })
    .min(1, { message: 'validation.installCapacity' })
    .max(1_000_000_000, { message: 'validation.installCapacity' })
    .nullable()
    .optional(),
  latitude: z
    .number({ message: 'validation.latitude' })
    .min(-90, { message: 'validation.latitude' })
    .max(90, { message: 'validation.latitude' })
    .nullable()
    .optional(),
  longitude: z
    .number({ message: 'validation.longitude' })
    .min(-180, { message: 'validation.longitude' })
    .max(180, { message: 'validation.longitude' })
    .nullable()
    .optional(),
  /** the tariff the plant sells at (issue 20): company, one of its price areas and its currency, together or none */
  powerCompanyId: z.number().int().positive().nullable().optional(),
  priceArea: z.string().trim().max(32).nullable().optional(),
  currency: z.string().trim().max(3).nullable().optional(),
});
export type PlantBody = z.infer<typeof plantBody>;

export const ownerOption = z.object({
  id: z.number(),
  name: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  orgId: z.number(),
});
export const orgOption = z.object({ id: z.number(), name: z.string() });
export const plantOptions = z.object({ owners: z.array(ownerOption), orgs: z.array(orgOption) });
export type PlantOptions = z.infer<typeof plantOptions>;

export const weather = z.object({
  temperature: z.number().nullable(),
  humidity: z.number().nullable(),
  windSpeed: z.number().nullable(),
  airPressure: z.number().nullable(),
  at: z.number().nullable(),
});

/** Instant power of each part (W); absent parts have no device. grid > 0 imports, battery > 0 discharges. */
export const energyFlow = z.object({
  pv: z.number().nullable(),
  battery: z.number().nullable(),
  batterySoc: z.number().nullable(),
  grid: z.number().nullable(),
  load: z.number().nullable(),
});

export const plantDetail = /* @__PURE__ */ plantRow.extend({
  owner: z
    .object({
      id: z.number(),
      name: z.string(),
      nickname: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      address: z.string().nullable(),
    })
    .nullable(),
  weather,
  energyFlow,
  /** kWh/kWp today */
  specificYield: z.number().nullable(),
  /** 0..1 today, against the clear-sky expectation; null with the reason when it cannot be computed */
  performanceRatio: z.number().nullable(),
  performanceRatioNote: z.enum(['noCoordinates', 'noSun', 'noCapacity']).nullable(),
  /** what the caller may do: a user who sees the plant through a grant only reads */
  access: z.enum(['org', 'grant']),
});
export type PlantDetail = z.infer<typeof plantDetail>;

export const CHART_RANGES = ['realtime', '1', '7', '15', '30'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const plantChartQuery = z.object({ range: z.enum(CHART_RANGES).default('realtime') });
/** power: [epoch ms of the 5-minute bucket, W]; energy: [plant-local day, kWh] */
export const plantChart = z.object({
  kind: z.enum(['power', 'energy']),
  timeZone: z.string(),
  points: z.array(z.tuple([z.union([z.number(), z.string()]), z.number()])),
});
export type PlantChart = z.infer<typeof plantChart>;

/** A device's power: its direction and the power in W, never signed (`PowerFlow` of power-flow.ts). */
export const powerFlow = z.object({ direction: z.enum(POWER_DIRECTIONS), powerW: z.number().nonnegative() });

export const plantDeviceRow = z.object({
  id: z.number(),
  sn: z.string(),
  name: z.string(),
  type: z.enum(DEVICE_TYPES),
  parentSn: z.string().nullable(),
  onlineState: z.enum(DEVICE_ONLINE_STATES),
  runState: z.enum(DEVICE_RUN_STATES),
  lastOnlineAt: z.number().nullable(),
  /** signed W (kept for the current console): prefer `direction` and `powerW` */
  power: z.number().nullable(),
  /** which way the power flows (null: a collector, or no power reported) */
  direction: z.enum(POWER_DIRECTIONS).nullable().optional(),
  /** W, unsigned (null with `direction`) */
  powerW: z.number().nullable().optional(),
});
export type PlantDeviceRow = z.infer<typeof plantDeviceRow>;

export const GRANT_PERMS = ['view', 'control'] as const;
export type GrantPerm = (typeof GRANT_PERMS)[number];

/** Spec §5: the authorised object is required, a comma-separated list of valid e-mails, not the authoriser. */
export const authorisedEmails = z.string().superRefine((v, ctx) => {
  const key = checkAuthorisedList(v);
  if (key) ctx.addIssue({ code: 'custom', message: key });
});
export const splitEmails = (v: string) => [
  ...new Set(
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  ),
];

export const grantCreateBody = z.object({
  emails: authorisedEmails,
  perms: z.array(z.enum(GRANT_PERMS)).min(1, { message: 'validation.grantPerms' }),
});
export type GrantCreateBody = z.infer<typeof grantCreateBody>;
export const grantUpdateBody = z.object({
  perms: z.array(z.enum(GRANT_PERMS)).min(1, { message: 'validation.grantPerms' }),
});
export const grantRow = z.object({
  id: z.number(),
  userId: z.number(),
  loginName: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  perms: z.array(z.enum(GRANT_PERMS)),
  grantedBy: z.string().nullable(),
  createdAt: z.number(),
});
export type GrantRow = z.infer<typeof grantRow>;
export const grantParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  grantId: z.coerce.number().int().positive().max(MAX_ID),
});
export const favouriteBody = z.object({ favourite: z.boolean() });
