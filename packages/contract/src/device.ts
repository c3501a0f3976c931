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
