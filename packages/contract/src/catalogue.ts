/**
 * The product catalogue (issue 36): industries first — the kinds of product a PV platform sells
 * and services (inverters, batteries, data loggers, meters, chargers…), each with its own
 * attributes later. Names and codes follow spec §5 (name 1-30 letters, digits or Chinese
 * characters; code 1-60 letters or digits).
 */
import { z } from 'zod';
import { pageQuery } from './api.js';
import { zCode, zName } from './rules.js';

/** The icons an industry may show (the console maps each to a picture). */
export const INDUSTRY_ICONS = ['inverter', 'battery', 'logger', 'meter', 'charger', 'module', 'other'] as const;
export type IndustryIcon = (typeof INDUSTRY_ICONS)[number];
/** Sort order: smaller first, then by name. */
export const INDUSTRY_SORT_MAX = 9999;

export const industryRow = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  icon: z.enum(INDUSTRY_ICONS),
  sort: z.number(),
  enabled: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type IndustryRow = z.infer<typeof industryRow>;

export const industryBody = z.object({
  name: zName,
  code: zCode,
  icon: z.enum(INDUSTRY_ICONS, { message: 'validation.industryIcon' }).default('other'),
  sort: z.number().int().min(0).max(INDUSTRY_SORT_MAX, { message: 'validation.industrySort' }).default(0),
  enabled: z.boolean().default(true),
});
export type IndustryBody = z.input<typeof industryBody>;

export const industryEnabledBody = z.object({ enabled: z.boolean() });

export const industryListQuery = /* @__PURE__ */ pageQuery
  .extend({
    name: z.string().trim().max(64).optional(),
    code: z.string().trim().max(64).optional(),
    enabled: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type IndustryListQuery = z.infer<typeof industryListQuery>;

export const industryOption = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  icon: z.enum(INDUSTRY_ICONS),
});
export type IndustryOption = z.infer<typeof industryOption>;
