import { z } from 'zod';
import { pageQuery } from './api.js';

export const FAULT_STATES = ['unrepaired', 'fixed'] as const;

export const faultQuery = pageQuery.extend({
  state: z.enum(FAULT_STATES).optional(),
  code: z.string().trim().max(32).optional(),
  sn: z.string().trim().max(64).optional(),
  /** only faults opened in the last N days (the dashboard's window is 30, spec §9) */
  days: z.coerce.number().int().min(1).max(3650).optional(),
  plantId: z.coerce.number().int().positive().optional(),
});

export const faultRow = z.object({
  id: z.number(),
  deviceId: z.number(),
  sn: z.string(),
  deviceName: z.string(),
  plantName: z.string().nullable(),
  code: z.string(),
  message: z.string().nullable(),
  state: z.enum(FAULT_STATES),
  openedAt: z.number(),
  fixedAt: z.number().nullable(),
});
export type FaultRow = z.infer<typeof faultRow>;
