import { z } from 'zod';
import { DEVICE_CONTROL_MODES } from './constants.js';
import { parseUpdateContent } from './help-center-constants.js';
import type { MessageKey } from './messages.js';
import { DEVICE_TYPES, type DeviceType } from './telemetry.js';

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

/** What a command that the broker could not take keeps as its ack text (it never reached the device). */
export const COMMAND_NOT_SENT = 'not sent: broker unavailable';

/** The message keys of an acknowledgement in words (commandResult below picks one). */
export const COMMAND_RESULT_KEYS = [
  'commandResult.processing',
  'commandResult.success',
  'commandResult.successWith',
  'commandResult.failed',
  'commandResult.failedWith',
  'commandResult.notSent',
  'commandResult.unknown',
] as const satisfies readonly MessageKey[];
export type CommandResultKey = (typeof COMMAND_RESULT_KEYS)[number];

/**
 * A command's state and its device's answer as a message of the catalogue: the status in words,
 * with the device's own text (`content`) when it sent one.
 */
export function commandResult(
  status: (typeof COMMAND_STATUSES)[number],
  ackContent: string | null,
): { resultKey: CommandResultKey; resultValues: Record<string, string> } {
  const content = ackContent?.trim() ?? '';
  if (status === 'failed' && ackContent === COMMAND_NOT_SENT)
    return { resultKey: 'commandResult.notSent', resultValues: {} };
  if ((status === 'success' || status === 'failed') && content)
    return { resultKey: `commandResult.${status}With`, resultValues: { content } };
  return { resultKey: `commandResult.${status}`, resultValues: {} };
}

export const commandRow = z.object({
  id: z.number(),
  cmdId: z.string(),
  kind: z.string(),
  params: z.unknown(),
  status: z.enum(COMMAND_STATUSES),
  /** the device's own answer text, as it sent it */
  ackContent: z.string().nullable(),
  /** the status and answer in words: a message key of the catalogue, with `resultValues` to fill it */
  resultKey: z.enum(COMMAND_RESULT_KEYS),
  resultValues: z.record(z.string(), z.string()),
  source: z.string(),
  sentBy: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type CommandRow = z.infer<typeof commandRow>;

/* What a product accepts (its capabilities): control targets with their modes and power range,
 * named numeric settings, reboot and OTA. The server refuses any other command. */

export const CONTROL_TARGETS = ['pcs', 'mppt', 'battery'] as const;
export type ControlTarget = (typeof CONTROL_TARGETS)[number];

/** The control targets a device type can have: a meter and a collector have none. */
export const CONTROL_TARGETS_BY_TYPE: Record<DeviceType, readonly ControlTarget[]> = {
  inverter: ['pcs', 'mppt'],
  battery: ['pcs', 'battery'],
  collector: [],
  meter: [],
};

const SET_POINT_LIMIT = 1_000_000;
const rangeFields = {
  min: z.number().min(-SET_POINT_LIMIT).max(SET_POINT_LIMIT),
  max: z.number().min(-SET_POINT_LIMIT).max(SET_POINT_LIMIT),
  /** values go from min in steps of this */
  step: z.number().positive().max(SET_POINT_LIMIT),
};
const rangeInOrder = (r: { min: number; max: number }) => r.min <= r.max;

/** A power set-point (W): from `min` to `max` in steps of `step`, within the 0–1,000,000 W of a control command. */
export const powerRange = z
  .object(rangeFields)
  .refine(rangeInOrder, { message: 'validation.capabilityRange', path: ['max'] })
  .refine((r) => r.min >= 0, { message: 'validation.capabilityRange', path: ['min'] });
export type PowerRange = z.infer<typeof powerRange>;

export const controlCapability = z
  .object({
    target: z.enum(CONTROL_TARGETS),
    modes: z.array(z.string()).min(1).max(3),
    /** the power (W) the target takes; PCS charge and discharge need one */
    power: powerRange.optional(),
  })
  .refine(
    (c) =>
      new Set(c.modes).size === c.modes.length &&
      c.modes.every((m) => (DEVICE_CONTROL_MODES[c.target] as readonly string[]).includes(m)),
    { message: 'validation.capabilityModes', path: ['modes'] },
  )
  .refine((c) => c.target !== 'pcs' || c.power !== undefined || c.modes.every((m) => m === 'close'), {
    message: 'validation.capabilityPower',
    path: ['power'],
  });
export type ControlCapability = z.infer<typeof controlCapability>;

/** A named numeric setting (a `setting` command) with its range and unit. */
export const settingCapability = z
  .object({
    name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, { message: 'validation.settingName' }),
    unit: z.string().trim().max(16).optional(),
    ...rangeFields,
  })
  .refine(rangeInOrder, { message: 'validation.capabilityRange', path: ['max'] });
export type SettingCapability = z.infer<typeof settingCapability>;

export const productCapabilities = z
  .object({
    controls: z.array(controlCapability).max(CONTROL_TARGETS.length).default([]),
    settings: z.array(settingCapability).max(16).default([]),
    reboot: z.boolean().default(false),
    ota: z.boolean().default(false),
  })
  .refine((c) => new Set(c.controls.map((x) => x.target)).size === c.controls.length, {
    message: 'validation.capabilityDuplicate',
    path: ['controls'],
  })
  .refine((c) => new Set(c.settings.map((x) => x.name)).size === c.settings.length, {
    message: 'validation.capabilityDuplicate',
    path: ['settings'],
  });
export type ProductCapabilities = z.infer<typeof productCapabilities>;

/** Whether the declared controls are ones the product's device type has (a meter or a collector has none). */
export const capabilitiesFitType = (type: DeviceType, caps: ProductCapabilities): boolean =>
  caps.controls.every((c) => CONTROL_TARGETS_BY_TYPE[type].includes(c.target));

const PCS_MODES = ['charge', 'discharge', 'close'];
/**
 * What a device accepts when its product declares nothing (or it has no product): an inverter its
 * PCS and MPPT modes and an active power limit; a battery charge and discharge within a power range
 * and whether it may be controlled; a collector a restart and upgrades; a meter nothing.
 */
export const DEFAULT_CAPABILITIES: Record<DeviceType, ProductCapabilities> = {
  inverter: {
    controls: [
      { target: 'pcs', modes: PCS_MODES, power: { min: 0, max: 10_000, step: 100 } },
      { target: 'mppt', modes: ['charge', 'close'] },
    ],
    settings: [{ name: 'powerLimit', unit: '%', min: 0, max: 100, step: 1 }],
    reboot: true,
    ota: true,
  },
  battery: {
    controls: [
      { target: 'pcs', modes: PCS_MODES, power: { min: 0, max: 5_000, step: 100 } },
      { target: 'battery', modes: ['canControl', 'cannotControl'] },
    ],
    settings: [],
    reboot: true,
    ota: true,
  },
  collector: { controls: [], settings: [], reboot: true, ota: true },
  meter: { controls: [], settings: [], reboot: false, ota: false },
};

/** A value within a range, on its steps (counted from min; a float rounding error is not a miss). */
export function inRange(value: number, r: { min: number; max: number; step: number }): boolean {
  if (!(value >= r.min && value <= r.max)) return false;
  const steps = (value - r.min) / r.step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

/** Why a command is refused: a message key with the values that fill it. */
export interface CommandRefusal {
  key: MessageKey;
  values: Record<string, string | number>;
}

/** A range's ends and step as text with their unit ("5,000 W", "100%"), for the refusal to name them. */
function rangeValues(r: { min: number; max: number; step: number }, unit: string | undefined) {
  const suffix = !unit ? '' : unit === '%' ? '%' : ` ${unit}`;
  const text = (n: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(n)}${suffix}`;
  return { min: text(r.min), max: text(r.max), step: text(r.step) };
}
const TARGET_REFUSALS: Record<ControlTarget, MessageKey> = {
  pcs: 'error.pcsNotAccepted',
  mppt: 'error.mpptNotAccepted',
  battery: 'error.batteryControlNotAccepted',
};

/**
 * Checks a command against what the device accepts (the same rule in the console's form and on the
 * server): null when accepted, else why not, naming the device (`sn`) and the accepted range.
 */
export function checkCommand(
  sn: string,
  caps: ProductCapabilities,
  cmd: PushCommandBody | { kind: 'ota' },
): CommandRefusal | null {
  const refuse = (key: MessageKey, values: Record<string, string | number> = {}): CommandRefusal => ({
    key,
    values: { sn, ...values },
  });
  switch (cmd.kind) {
    case 'reboot':
      return caps.reboot ? null : refuse('error.rebootNotAccepted');
    case 'ota':
      return caps.ota ? null : refuse('error.otaNotAccepted');
    case 'control': {
      if (!caps.controls.length) return refuse('error.noControlCommands');
      const { target, mode, power } = cmd.params;
      const declared = caps.controls.find((c) => c.target === target);
      if (!declared) return refuse(TARGET_REFUSALS[target]);
      if (!declared.modes.includes(mode)) return refuse('error.modeNotAccepted');
      if (power === undefined) return null;
      if (!declared.power) return refuse('error.powerNotAccepted');
      return inRange(power, declared.power) ? null : refuse('error.powerOutOfRange', rangeValues(declared.power, 'W'));
    }
    case 'setting': {
      if (!caps.settings.length) return refuse('error.noSettings');
      const entries = Object.entries(cmd.params);
      if (!entries.length) return refuse('error.settingEmpty');
      for (const [name, value] of entries) {
        const declared = caps.settings.find((s) => s.name === name);
        if (!declared) return refuse('error.settingNotAccepted', { name });
        if (typeof value !== 'number' || !inRange(value, declared))
          return refuse('error.settingOutOfRange', { name, ...rangeValues(declared, declared.unit) });
      }
      return null;
    }
  }
}

/** GET /devices/:id/capabilities: what the device accepts, and what the caller may send it. */
export const deviceCapabilities = z.object({
  deviceId: z.number(),
  sn: z.string(),
  type: z.enum(DEVICE_TYPES),
  productId: z.number().nullable(),
  productName: z.string().nullable(),
  /** 'product': its product declares them; 'type': its type's defaults (no product, or one declaring none) */
  source: z.enum(['product', 'type']),
  capabilities: productCapabilities,
  /** whether the caller may send it commands (device:control, and the device in their scope or a control grant) */
  canControl: z.boolean(),
  /** whether the caller may push it firmware (device:ota and the device in their scope) */
  canOta: z.boolean(),
});
export type DeviceCapabilities = z.infer<typeof deviceCapabilities>;

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
  /** The version's update content: per-language JSON ({"en": "…", "zh": "…"}), null when none was written. */
  releaseNotes: z.string().nullable(),
  downloadUrl: z.string(),
  createdAt: z.number(),
});
export type FirmwareRow = z.infer<typeof firmwareRow>;
/** Release notes of a firmware version: per-language JSON, English required (parseUpdateContent); empty clears them. */
const releaseNotes = z
  .string()
  .max(30_000, { message: 'validation.json' })
  .refine((s) => s.trim() === '' || parseUpdateContent(s) !== undefined, { message: 'validation.json' });
/** The text fields of a firmware upload (multipart, sent before the file). */
export const firmwareUploadFields = z.object({
  version: zVersion,
  deviceType: z.enum(DEVICE_TYPES),
  description: z.string().trim().max(512).optional(),
  releaseNotes: releaseNotes.optional(),
});
export const firmwareReleaseNotesBody = z.object({ releaseNotes });
export type FirmwareReleaseNotesBody = z.infer<typeof firmwareReleaseNotesBody>;
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
