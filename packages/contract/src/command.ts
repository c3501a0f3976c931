import { z } from 'zod';
import { DEVICE_CONTROL_MODES } from './constants.js';
import { DEVICE_TYPES } from './telemetry.js';

export const COMMAND_STATUSES = ['processing', 'success', 'failed', 'unknown'] as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A time period of a control schedule ("08:00"–"12:00"). */
export const timePeriod = z.object({
  start: z.string().regex(HHMM, { message: 'validation.timePeriod' }),
  end: z.string().regex(HHMM, { message: 'validation.timePeriod' }),
});

/** §5: "Time period setting and power setting must be correct": periods in order, not overlapping; power within range. */
export function checkPeriods(periods: { start: string; end: string }[]): boolean {
  const sorted = [...periods].sort((a, b) => a.start.localeCompare(b.start));
  return sorted.every((p, i) => p.start < p.end && (i === 0 || sorted[i - 1]!.end <= p.start));
}

export const controlParams = z
  .object({
    target: z.enum(['pcs', 'mppt', 'battery']),
    mode: z.string(),
    periods: z.array(timePeriod).max(8).optional(),
    /** W */
    power: z
      .number({ message: 'validation.power' })
      .min(0, { message: 'validation.power' })
      .max(1_000_000, { message: 'validation.power' })
      .optional(),
  })
  .refine((p) => (DEVICE_CONTROL_MODES[p.target] as readonly string[]).includes(p.mode), {
    message: 'validation.controlMode',
    path: ['mode'],
  })
  .refine((p) => !p.periods || checkPeriods(p.periods), { message: 'validation.timePeriod', path: ['periods'] })
  .refine((p) => !(p.target === 'pcs' && (p.mode === 'charge' || p.mode === 'discharge')) || (p.power ?? 0) > 0, {
    message: 'validation.power',
    path: ['power'],
  });
export type ControlParams = z.infer<typeof controlParams>;

export const pushCommandBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('control'), params: controlParams }),
  z.object({ kind: z.literal('reboot'), params: z.object({}).default({}) }),
  z.object({
    kind: z.literal('setting'),
    params: z.record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean()])),
  }),
]);
export type PushCommandBody = z.infer<typeof pushCommandBody>;

export const commandRow = z.object({
  id: z.number(),
  cmdId: z.string(),
  kind: z.string(),
  params: z.unknown(),
  status: z.enum(COMMAND_STATUSES),
  ackContent: z.string().nullable(),
  source: z.string(),
  sentBy: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type CommandRow = z.infer<typeof commandRow>;

export const FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;
export const zVersion = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, { message: 'validation.version' });

export const firmwareRow = z.object({
  id: z.number(),
  version: z.string(),
  deviceType: z.string(),
  fileName: z.string(),
  size: z.number(),
  sha256: z.string(),
  description: z.string().nullable(),
  downloadUrl: z.string(),
  createdAt: z.number(),
});
export type FirmwareRow = z.infer<typeof firmwareRow>;
/** The text fields of a firmware upload (multipart, sent before the file). */
export const firmwareUploadFields = z.object({
  version: zVersion,
  deviceType: z.enum(DEVICE_TYPES),
  description: z.string().trim().max(512).optional(),
});
export type FirmwareUploadFields = z.infer<typeof firmwareUploadFields>;
/** The server's upload limit (FIRMWARE_MAX_MB), so the console refuses a larger file before sending it. */
export const firmwareLimits = z.object({ maxBytes: z.number().int().positive() });
export type FirmwareLimits = z.infer<typeof firmwareLimits>;

/** §5: pushes require device type, order, file, version, SN, sub SN and old sub SN. */
export const otaPushBody = z.object({
  deviceType: z.enum(['inverter', 'collector', 'battery', 'meter']),
  order: z.string().trim().min(1, { message: 'validation.otaOrder' }).max(64),
  firmwareId: z.number().int().positive(),
  version: zVersion,
  sn: z.string().trim().min(1).max(64),
  subSn: z.string().trim().min(1).max(64),
  oldSubSn: z.string().trim().min(1).max(64),
});
export type OtaPushBody = z.infer<typeof otaPushBody>;

export const updateLogRow = z.object({
  cmdId: z.string(),
  version: z.string().nullable(),
  progress: z.number(),
  status: z.enum(COMMAND_STATUSES),
  ts: z.number(),
});
