import { z } from 'zod';

/** Device kinds of the registry (issue 3). */
export const DEVICE_TYPES = ['inverter', 'collector', 'battery', 'meter'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * Telemetry points the platform understands (unit in the comment). Devices may send others:
 * unknown points are kept as they are.
 */
export const KNOWN_POINTS = {
  acPower: 'W',
  energyToday: 'kWh',
  energyTotal: 'kWh',
  pv1Voltage: 'V',
  pv1Current: 'A',
  pv2Voltage: 'V',
  pv2Current: 'A',
  gridVoltage: 'V',
  gridFrequency: 'Hz',
  temperature: '°C',
  batterySoc: '%',
  batteryPower: 'W',
  /** a battery's lifetime charged energy */
  batteryChargeEnergy: 'kWh',
  /** a battery's lifetime discharged energy (its energyTotal when it reports no such counter) */
  batteryDischargeEnergy: 'kWh',
  meterImportPower: 'W',
  meterExportPower: 'W',
  meterImportEnergy: 'kWh',
  meterExportEnergy: 'kWh',
  ambientTemperature: '°C',
  humidity: '%',
  windSpeed: 'm/s',
  airPressure: 'hPa',
} as const;
export type KnownPoint = keyof typeof KNOWN_POINTS;

const sn = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/);

/** A point's value: the known points are numbers; a device's own points may also be text or flags. */
export type PointValue = number | string | boolean;
/** A sample's points: the known ones typed as numbers, any other name kept as the device sent it. */
export type Points = { [K in KnownPoint]?: number } & { [name: string]: PointValue | undefined };
/** Most points one message (or one sub device of it) may carry. */
export const MAX_POINTS = 200;

const pointValue = z.custom<PointValue>(
  (v) =>
    typeof v === 'number' ? Number.isFinite(v) : typeof v === 'boolean' || (typeof v === 'string' && v.length <= 256),
  {
    message: 'a finite number, a text of up to 256 characters, or true/false',
  },
);
// an object with the known points and a catch-all (zod compiles objects: about 5 times faster than a record checked point by point)
const knownShape = Object.fromEntries(
  Object.keys(KNOWN_POINTS).map((name) => [name, z.number().finite().optional()]),
) as { [K in KnownPoint]: z.ZodOptional<z.ZodNumber> };
const points = z
  .object(knownShape)
  .catchall(pointValue)
  .superRefine((value, ctx) => {
    let n = 0;
    for (const name in value) {
      if (++n > MAX_POINTS) return ctx.addIssue({ code: 'custom', message: `at most ${MAX_POINTS} points` });
      if (!name.length || name.length > 64)
        ctx.addIssue({ code: 'custom', path: [name], message: 'a point name has 1 to 64 characters' });
    }
  }) as z.ZodType<Points>;

/** Run states a device may report itself ('failure' comes from its fault events). */
export const REPORTED_RUN_STATES = ['run', 'stop', 'normal'] as const;
export type ReportedRunState = (typeof REPORTED_RUN_STATES)[number];
const runState = z.enum(REPORTED_RUN_STATES).optional();

/** Payload of pv/{sn}/up/telemetry (and of the HTTP telemetry POST). */
export const telemetryMessage = z.object({
  /** Sample time, epoch milliseconds. */
  ts: z.number().int().positive(),
  /** Device-chosen id for the device's own tracing. A resent message repeats its ts: a repeated (sn, ts) is stored once. */
  msgId: z.string().min(1).max(64).optional(),
  points,
  /** The device's own run state: 'stop' while it is shut down (e.g. by a control 'close'). Without it the platform derives 'run' (acPower > 0) or 'normal'. */
  runState,
  /** A collector's sub devices (its inverters), each with its own sub SN. */
  sub: z.array(z.object({ sn, points, runState })).max(64).optional(),
});
export type TelemetryMessage = z.infer<typeof telemetryMessage>;

/** Payload of pv/{sn}/up/event. */
export const eventMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('fault'),
    ts: z.number().int().positive(),
    code: z.string().min(1).max(32),
    message: z.string().max(256).optional(),
  }),
  z.object({ type: z.literal('recover'), ts: z.number().int().positive(), code: z.string().min(1).max(32) }),
  z.object({
    type: z.literal('ota'),
    ts: z.number().int().positive(),
    cmdId: z.string().min(1).max(64),
    progress: z.number().min(0).max(100),
    version: z.string().max(64).optional(),
  }),
  /** The device's versions, as it reports them (on connecting, after an upgrade): the registry keeps them. */
  z.object({
    type: z.literal('info'),
    ts: z.number().int().positive(),
    hwVersion: z.string().trim().min(1).max(64).optional(),
    swVersion: z.string().trim().min(1).max(64).optional(),
    protocolVersion: z.string().trim().min(1).max(64).optional(),
  }),
]);
export type EventMessage = z.infer<typeof eventMessage>;

/** Payload of pv/{sn}/up/ack: the answer to a command. */
export const ackMessage = z.object({
  ts: z.number().int().positive(),
  cmdId: z.string().min(1).max(64),
  ok: z.boolean(),
  content: z.string().max(1024).optional(),
});
export type AckMessage = z.infer<typeof ackMessage>;

export const COMMAND_KINDS = ['control', 'ota', 'reboot', 'setting'] as const;

/** Payload of pv/{sn}/down/cmd: a command or an OTA request from the platform. */
export const commandMessage = z.object({
  cmdId: z.string().min(1).max(64),
  kind: z.enum(COMMAND_KINDS),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type CommandMessage = z.infer<typeof commandMessage>;

export const DEVICE_ONLINE_STATES = ['online', 'offline', 'inactive'] as const;
export const DEVICE_RUN_STATES = ['run', 'stop', 'normal', 'failure'] as const;
