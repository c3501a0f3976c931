import { z } from 'zod';
import { MAX_ID, pageQuery } from './api.js';
import { productCapabilities } from './command.js';
import { HISTORY_RANGES } from './constants.js';
import { powerFlow } from './plant.js';
import { DEVICE_ONLINE_STATES, DEVICE_RUN_STATES, DEVICE_TYPES } from './telemetry.js';

/** Columns the device list sorts on (server side, in SQL). */
export const DEVICE_SORT_FIELDS = [
  'id',
  'sn',
  'name',
  'type',
  'onlineState',
  'runState',
  'lastOnlineAt',
  'plantName',
] as const;
export type DeviceSortField = (typeof DEVICE_SORT_FIELDS)[number];

export const deviceListFilters = z.object({
  sn: z.string().trim().max(64).optional(),
  type: z.enum(DEVICE_TYPES).optional(),
  productId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  orgId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  onlineState: z.enum(DEVICE_ONLINE_STATES).optional(),
  runState: z.enum(DEVICE_RUN_STATES).optional(),
  plantId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  /** plant name keyword */
  plant: z.string().trim().max(64).optional(),
  /** the sub devices of one collector */
  parentId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  sortField: z.enum(DEVICE_SORT_FIELDS).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export const deviceListQuery = /* @__PURE__ */ pageQuery.extend(deviceListFilters.shape);
export type DeviceListQuery = z.infer<typeof deviceListQuery>;
export type DeviceListFilters = z.infer<typeof deviceListFilters>;

export const deviceRow = z.object({
  id: z.number(),
  sn: z.string(),
  name: z.string(),
  type: z.enum(DEVICE_TYPES),
  productName: z.string().nullable(),
  plantId: z.number().nullable(),
  plantName: z.string().nullable(),
  orgName: z.string(),
  parentSn: z.string().nullable(),
  commMode: z.string(),
  onlineState: z.enum(DEVICE_ONLINE_STATES),
  runState: z.enum(DEVICE_RUN_STATES),
  hwVersion: z.string().nullable(),
  swVersion: z.string().nullable(),
  protocolVersion: z.string().nullable(),
  lastOnlineAt: z.number().nullable(),
  /** the latest points: numbers, or the text and flags a device's own points may carry */
  points: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).nullable(),
  productId: z.number().nullable(),
  orgId: z.number(),
  mac: z.string().nullable(),
  /** sub devices reporting through this one (collectors) */
  subCount: z.number(),
  /**
   * The IANA time zone of the device's plant, in which its times are shown (data, last online,
   * commands, OTA); null when unbound: the console then uses the user's zone. The server always
   * sends it; optional only for rows built before it existed.
   */
  timeZone: z.string().nullable().optional(),
});
export type DeviceRow = z.infer<typeof deviceRow>;

const kWhOrNull = z.number().nullable();

/**
 * One device: its row, and its figures by what it is (docs/energy-model.md). `energy` is kept for
 * the current console: the deltas of the counter its `energyTotal` reports (an inverter's
 * production, a battery's discharge) per plant-local day, month, year and in total; read
 * `production`, `battery` or `meter` instead, one of which is set by the device's type.
 */
export const deviceDetail = /* @__PURE__ */ deviceRow.extend({
  energy: z.object({ today: z.number(), month: z.number(), year: z.number(), total: z.number() }),
  /** its power and which way it flows, unsigned (null: a collector, or no power reported yet) */
  flow: powerFlow.nullable().optional(),
  /**
   * An inverter's production, kWh: counter deltas per plant-local period (what its plant adds up),
   * and `counterKwh`, the lifetime counter as the device reads it (it may include energy made
   * before the device was connected).
   */
  production: z
    .object({
      today: z.number(),
      month: z.number(),
      year: z.number(),
      total: z.number(),
      counterKwh: kWhOrNull,
    })
    .nullable()
    .optional(),
  /** A battery: state of charge (%), temperature (°C), charged and discharged energy (kWh) today and lifetime */
  battery: z
    .object({
      socPercent: z.number().nullable(),
      temperatureC: z.number().nullable(),
      chargeToday: kWhOrNull,
      dischargeToday: kWhOrNull,
      chargeTotal: kWhOrNull,
      dischargeTotal: kWhOrNull,
    })
    .nullable()
    .optional(),
  /** A meter: energy imported from and exported to the grid (kWh) today and lifetime */
  meter: z
    .object({ importToday: kWhOrNull, exportToday: kWhOrNull, importTotal: kWhOrNull, exportTotal: kWhOrNull })
    .nullable()
    .optional(),
  /** A collector: its signal strength (dBm) */
  collector: z.object({ rssiDbm: z.number().nullable() }).nullable().optional(),
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

export const UP_KINDS = ['telemetry', 'event', 'ack'] as const;

/** Device types that may report through a collector (a collector's sub devices, with their sub SN). */
export const SUB_DEVICE_TYPES = [
  'inverter',
  'battery',
  'meter',
] as const satisfies readonly (typeof DEVICE_TYPES)[number][];
export const isSubDeviceType = (type: string | undefined | null): boolean =>
  (SUB_DEVICE_TYPES as readonly string[]).includes(type ?? '');

const deviceSn = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, { message: 'validation.identifier' });

export const deviceCreateBody = z.object({
  sn: deviceSn,
  name: z.string().trim().min(1).max(64),
  type: z.enum(DEVICE_TYPES),
  productId: z.number().int().positive().nullable().optional(),
  plantId: z.number().int().positive().nullable().optional(),
  mac: z
    .string()
    .trim()
    .regex(/^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/, { message: 'validation.mac' })
    .nullable()
    .optional(),
  commMode: z.enum(['mqtt', 'http', '4g', 'wifi', 'rs485']).default('mqtt'),
  /**
   * The collector this device reports through (by SN, as the list's `parentSn`): the device then
   * is its sub device, takes the collector's organisation and plant, communicates 'collector' and
   * has no key of its own. null on edit makes it a device of its own again.
   */
  parentSn: deviceSn.nullable().optional(),
});
export type DeviceCreateBody = z.infer<typeof deviceCreateBody>;

export const deviceUpdateBody = /* @__PURE__ */ deviceCreateBody.omit({ sn: true, type: true }).partial();
export type DeviceUpdateBody = z.infer<typeof deviceUpdateBody>;

/** The device key is shown once, when the device is created or its key rotated. */
export const deviceKeyData = z.object({ id: z.number(), sn: z.string(), deviceKey: z.string() });
/** A sub device is created without a key (it reports through its collector): deviceKey null. */
export const deviceCreatedData = z.object({
  id: z.number(),
  sn: z.string(),
  deviceKey: z.string().nullable(),
  parentSn: z.string().nullable(),
});
export type DeviceCreatedData = z.infer<typeof deviceCreatedData>;

export const deviceBindBody = z.object({ plantId: z.number().int().positive() });

/**
 * DELETE /devices/:id: `withPlant=true` also deletes the plant the device is bound to, as
 * DELETE /plants/:id does (its other devices are unbound and kept); it needs plant:delete and the
 * plant in the caller's organisation scope. A device not (or no longer) bound is deleted alone.
 */
export const deviceDeleteQuery = z.object({ withPlant: z.enum(['true', 'false']).optional() });
export type DeviceDeleteQuery = z.infer<typeof deviceDeleteQuery>;

export const productBody = z.object({
  name: z.string().trim().min(1).max(64),
  type: z.enum(DEVICE_TYPES),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,60}$/, { message: 'validation.code' }),
  /**
   * What the product's devices accept (commands, set-points and their ranges); they must fit the
   * type. Absent on edit keeps what is declared; null (or absent on create) means the type's defaults.
   */
  capabilities: productCapabilities.nullable().optional(),
});
export type ProductBody = z.infer<typeof productBody>;
export const productRow = /* @__PURE__ */ productBody.extend({
  id: z.number(),
  key: z.string(),
  devices: z.number(),
  createdAt: z.number(),
  /** what its devices accept: as declared, or the type's defaults when `capabilitiesDeclared` is false */
  capabilities: productCapabilities,
  capabilitiesDeclared: z.boolean(),
});
export type ProductRow = z.infer<typeof productRow>;
export const productQuery = /* @__PURE__ */ pageQuery.extend({
  name: z.string().trim().max(64).optional(),
  type: z.enum(DEVICE_TYPES).optional(),
});
export type ProductQuery = z.infer<typeof productQuery>;

/** A point name as devices send it (also the JSON path the history reads, so kept plain). */
export const pointName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, { message: 'validation.point' });

/** Data overview: one point of one device over a history range of spec §9 (0 = real time). */
export const historyQuery = z.object({
  point: pointName,
  range: z.coerce
    .number()
    .int()
    .refine((v) => (HISTORY_RANGES as readonly number[]).includes(v), { message: 'validation.range' })
    // the document lists what the refinement accepts (the OpenAPI fuzzer generates from it)
    .meta({ enum: [...HISTORY_RANGES] }),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

// the window of a history range, in a module without zod (the data overview page reads it)
export { REALTIME_WINDOW_MS, historyWindow } from './history-window.js';

export const historyData = z.object({
  point: z.string(),
  stepMs: z.number(),
  from: z.number(),
  to: z.number(),
  /** [bucket start (epoch ms), average] in time order; buckets without data are absent */
  series: z.array(z.tuple([z.number(), z.number()])),
});
export type HistoryData = z.infer<typeof historyData>;

export const devicePointsData = z.object({ points: z.array(z.string()) });

/** Data acquisition: raw samples of one device in a time range (at most 31 days). */
export const SAMPLES_MAX_RANGE_MS = 31 * 86_400_000;
export const samplesFilters = z
  .object({
    deviceId: z.coerce.number().int().positive().max(MAX_ID),
    start: z.coerce.number().int().min(0),
    end: z.coerce.number().int().min(0),
  })
  .refine((q) => q.end > q.start && q.end - q.start <= SAMPLES_MAX_RANGE_MS, {
    message: 'validation.timeRange',
    path: ['end'],
  });
export type SamplesFilters = z.infer<typeof samplesFilters>;
export const samplesQuery = z
  .object({
    deviceId: z.coerce.number().int().positive().max(MAX_ID),
    start: z.coerce.number().int().min(0),
    end: z.coerce.number().int().min(0),
    pageNum: pageQuery.shape.pageNum,
    pageSize: pageQuery.shape.pageSize,
  })
  .refine((q) => q.end > q.start && q.end - q.start <= SAMPLES_MAX_RANGE_MS, {
    message: 'validation.timeRange',
    path: ['end'],
  });
export type SamplesQuery = z.infer<typeof samplesQuery>;
export const sampleRow = z.object({
  ts: z.number(),
  receivedAt: z.number(),
  points: z.record(z.string(), z.unknown()),
});
export type SampleRow = z.infer<typeof sampleRow>;
/** `points`: every point name found on this page, the table's columns */
export const samplesPage = z.object({ rows: z.array(sampleRow), total: z.number(), points: z.array(z.string()) });
export type SamplesPage = z.infer<typeof samplesPage>;
