import { z } from 'zod';
import { pageQuery } from './api.js';
import { DEVICE_ONLINE_STATES, DEVICE_RUN_STATES, DEVICE_TYPES } from './telemetry.js';

export const deviceListQuery = pageQuery.extend({
  sn: z.string().trim().max(64).optional(),
  type: z.enum(DEVICE_TYPES).optional(),
  onlineState: z.enum(DEVICE_ONLINE_STATES).optional(),
  runState: z.enum(DEVICE_RUN_STATES).optional(),
  plantId: z.coerce.number().int().positive().optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

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
  points: z.record(z.string(), z.number()).nullable(),
});
export type DeviceRow = z.infer<typeof deviceRow>;

export const UP_KINDS = ['telemetry', 'event', 'ack'] as const;

export const deviceCreateBody = z.object({
  sn: z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, { message: 'validation.identifier' }),
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
});
export type DeviceCreateBody = z.infer<typeof deviceCreateBody>;

export const deviceUpdateBody = deviceCreateBody.omit({ sn: true, type: true }).partial();
export type DeviceUpdateBody = z.infer<typeof deviceUpdateBody>;

/** The device key is shown once, when the device is created or its key rotated. */
export const deviceKeyData = z.object({ id: z.number(), sn: z.string(), deviceKey: z.string() });

export const deviceBindBody = z.object({ plantId: z.number().int().positive() });

export const productBody = z.object({
  name: z.string().trim().min(1).max(64),
  type: z.enum(DEVICE_TYPES),
  code: z.string().trim().regex(/^[A-Za-z0-9]{1,60}$/, { message: 'validation.code' }),
});
export type ProductBody = z.infer<typeof productBody>;
export const productRow = productBody.extend({ id: z.number(), key: z.string(), devices: z.number(), createdAt: z.number() });
export const productQuery = pageQuery.extend({ name: z.string().trim().max(64).optional(), type: z.enum(DEVICE_TYPES).optional() });
