import { z } from 'zod';
import { DEVICE_TYPES } from './telemetry.js';

/**
 * Look-ups that answer only what the caller may see: the option lists of the device screens and
 * the header search. Each is its own endpoint so a role without the full admin lists (products,
 * organisations) still gets its filters, scoped to its data.
 */

/** A product a device may be registered against (the catalogue: products belong to no organisation). */
export const productOption = z.object({ id: z.number(), name: z.string(), code: z.string(), type: z.string() });
export type ProductOption = z.infer<typeof productOption>;

/** An organisation of the caller's data scope, parents before children (parentId null at the top of what is seen). */
export const scopedOrgOption = z.object({ id: z.number(), parentId: z.number().nullable(), name: z.string() });
export type ScopedOrgOption = z.infer<typeof scopedOrgOption>;

/** How many plants, devices and customers one search answers at most (each). */
export const SEARCH_LIMIT = 10;

export const searchQuery = z.object({ q: z.string().trim().min(1).max(64) });
export type SearchQuery = z.infer<typeof searchQuery>;

export const searchPlant = z.object({
  id: z.number(),
  name: z.string(),
  orgName: z.string(),
  timeZone: z.string(),
});
export const searchDevice = z.object({
  id: z.number(),
  sn: z.string(),
  name: z.string(),
  type: z.enum(DEVICE_TYPES),
  plantId: z.number().nullable(),
  plantName: z.string().nullable(),
});

export const searchCustomer = z.object({
  id: z.number(),
  name: z.string(),
  nickname: z.string(),
  orgName: z.string(),
});

/**
 * Plants whose name, devices whose SN and customers whose name or nickname contain the text
 * (case-insensitive; plant and customer names accent-insensitive too: "Sao" finds "São Paulo1"),
 * of the caller's data scope and plant grants; plants only with plant:list, devices only with
 * device:list, customers only with customer:list (else empty).
 */
export const searchResult = z.object({
  plants: z.array(searchPlant),
  devices: z.array(searchDevice),
  customers: z.array(searchCustomer),
});
export type SearchResult = z.infer<typeof searchResult>;
