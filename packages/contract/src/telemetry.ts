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
const points = z.record(z.string().min(1).max(64), z.number().finite());

/** Payload of pv/{sn}/up/telemetry (and of the HTTP telemetry POST). */
export const telemetryMessage = z.object({
  /** Sample time, epoch milliseconds. */
  ts: z.number().int().positive(),
  /** Device-chosen id for the device's own tracing. A resent message repeats its ts: a repeated (sn, ts) is stored once. */
  msgId: z.string().min(1).max(64).optional(),
  points,
  /** A collector's sub devices (its inverters), each with its own sub SN. */
  sub: z.array(z.object({ sn, points })).max(64).optional(),
});
export type TelemetryMessage = z.infer<typeof telemetryMessage>;

/** Payload of pv/{sn}/up/event. */
export const eventMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fault'), ts: z.number().int().positive(), code: z.string().min(1).max(32), message: z.string().max(256).optional() }),
  z.object({ type: z.literal('recover'), ts: z.number().int().positive(), code: z.string().min(1).max(32) }),
  z.object({ type: z.literal('ota'), ts: z.number().int().positive(), cmdId: z.string().min(1).max(64), progress: z.number().min(0).max(100), version: z.string().max(64).optional() }),
  /** The device's versions, as it reports them (on connecting, after an upgrade): the registry keeps them. */
  z.object({ type: z.literal('info'), ts: z.number().int().positive(), hwVersion: z.string().trim().min(1).max(64).optional(), swVersion: z.string().trim().min(1).max(64).optional(), protocolVersion: z.string().trim().min(1).max(64).optional() }),
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
