import { z } from 'zod';
import { MAX_ID, pageQuery } from './api.js';
import { isCurrency } from './currency.js';
import { isCalendarDay } from './provider-constants.js';
import {
  MINUTES_PER_DAY,
  PERIOD_DAYS,
  PRICE_KINDS,
  PRICE_RE,
  RECOMPUTE_STATES,
  REVENUE_RANGES,
} from './tariff-constants.js';

export * from './tariff-constants.js';

/**
 * Power companies, their electricity prices with time-of-use periods, and the revenue a plant
 * earns from them (issue 20). A price holds periods (peak, off-peak, …) that must cover every
 * minute of every day exactly once for each kind of day and month it applies to; the validity
 * ranges of one company's area and kind never overlap. Amounts travel as integers in the
 * currency's minor unit (ISO 4217 digits: cents, yen), never summed across currencies.
 */

/** "HH:MM" of a day, 00:00 to 24:00. */
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const tariffPeriod = z.object({
  /** peak, shoulder, off-peak … (what the revenue is split by) */
  name: z.string().trim().min(1).max(32),
  /** local time of the plant, HH:MM; `to` before `from` runs across midnight, equal to it covers the whole day */
  from: z.string().regex(TIME_RE, { message: 'validation.timePeriod' }),
  to: z.string().regex(TIME_RE, { message: 'validation.timePeriod' }),
  price: z.string().trim().regex(PRICE_RE, { message: 'validation.price' }),
  days: z.enum(PERIOD_DAYS).default('all'),
  /** the season: months 1–12 it applies in; empty is every month */
  months: z.array(z.number().int().min(1).max(12)).max(12).default([]),
});
export type TariffPeriod = z.output<typeof tariffPeriod>;
export type TariffPeriodInput = z.input<typeof tariffPeriod>;

/** The minutes [start, end) of a period within a day (one or two spans: across midnight it wraps). */
export function periodSpans(p: Pick<TariffPeriod, 'from' | 'to'>): [number, number][] {
  const a = minuteOf(p.from) % MINUTES_PER_DAY;
  const b = minuteOf(p.to) % MINUTES_PER_DAY;
  if (a === b) return [[0, MINUTES_PER_DAY]];
  if (a < b) return [[a, b]];
  const spans: [number, number][] = [[a, MINUTES_PER_DAY]];
  if (b > 0) spans.push([0, b]);
  return spans;
}

const appliesOn = (p: Pick<TariffPeriod, 'days' | 'months'>, weekend: boolean, month: number) =>
  (p.days === 'all' || (p.days === 'weekends') === weekend) && (!p.months.length || p.months.includes(month));

/**
 * Spec §5 "Time period setting must be correct": for weekdays and weekends of every month, the
 * periods that apply cover each minute of the day exactly once. Answers the index of the first
 * period at fault (or -1 for a gap no period is to blame for), or null when the setting is correct.
 */
export function checkTariffPeriods(
  periods: readonly Pick<TariffPeriod, 'from' | 'to' | 'days' | 'months'>[],
): number | null {
  if (!periods.length) return -1;
  const spans = periods.map(periodSpans);
  for (const weekend of [false, true])
    for (let month = 1; month <= 12; month++) {
      const owner = new Int16Array(MINUTES_PER_DAY).fill(-1);
      periods.forEach((p, i) => {
        if (!appliesOn(p, weekend, month)) return;
        for (const [s, e] of spans[i]!) for (let m = s; m < e; m++) owner[m] = owner[m] === -1 ? i : -2 - i;
      });
      for (let m = 0; m < MINUTES_PER_DAY; m++) {
        if (owner[m] === -1) return -1;
        if (owner[m]! < -1) return -2 - owner[m]!;
      }
    }
  return null;
}

/** The period of `periods` in force at local minute `minute` of a day (weekend or not, month 1–12). */
export function periodAt(periods: readonly TariffPeriod[], weekend: boolean, month: number, minute: number) {
  for (const p of periods) {
    if (!appliesOn(p, weekend, month)) continue;
    for (const [s, e] of periodSpans(p)) if (minute >= s && minute < e) return p;
  }
  return undefined;
}

const dayString = z.string().refine(isCalendarDay, { message: 'validation.day' }).meta({ format: 'date' });

export const powerCompanyBody = z.object({
  name: z.string().trim().min(1, { message: 'validation.companyName' }).max(64, { message: 'validation.companyName' }),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, { message: 'validation.country' }),
  currency: z.string().trim().refine(isCurrency, { message: 'validation.currency' }).meta({ format: 'currency' }),
  /** price areas (regions, grid zones); at least one */
  priceAreas: z
    .array(z.string().trim().min(1).max(32))
    .min(1, { message: 'validation.priceAreas' })
    .max(50)
    .refine((a) => new Set(a).size === a.length, { message: 'validation.priceAreas' }),
});
export type PowerCompanyBody = z.input<typeof powerCompanyBody>;

export const powerCompanyRow = z.object({
  id: z.number(),
  name: z.string(),
  country: z.string(),
  currency: z.string(),
  priceAreas: z.array(z.string()),
  /** plants that use it */
  plants: z.number(),
  prices: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PowerCompanyRow = z.infer<typeof powerCompanyRow>;

export const powerCompanyQuery = /* @__PURE__ */ pageQuery.extend({ keyword: z.string().trim().max(64).optional() });
export type PowerCompanyQuery = z.infer<typeof powerCompanyQuery>;

export const powerCompanyOption = z.object({
  id: z.number(),
  name: z.string(),
  currency: z.string(),
  priceAreas: z.array(z.string()),
});
export type PowerCompanyOption = z.infer<typeof powerCompanyOption>;

export const priceBody = z
  .object({
    companyId: z.number().int().positive(),
    area: z.string().trim().min(1).max(32),
    kind: z.enum(PRICE_KINDS).default('feedIn'),
    /** first local day it applies, yyyy-mm-dd */
    validFrom: dayString,
    /** last local day it applies (inclusive); null: until further notice */
    validTo: dayString.nullable().default(null),
    periods: z.array(tariffPeriod).min(1, { message: 'validation.timePeriod' }).max(48),
  })
  .superRefine((b, ctx) => {
    if (b.validTo !== null && b.validTo < b.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'validation.validRange' });
    const bad = checkTariffPeriods(b.periods);
    if (bad !== null)
      ctx.addIssue({
        code: 'custom',
        path: bad >= 0 ? ['periods', bad] : ['periods'],
        message: 'validation.timePeriod',
      });
  });
export type PriceBody = z.input<typeof priceBody>;

export const priceRow = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  currency: z.string(),
  area: z.string(),
  kind: z.enum(PRICE_KINDS),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  periods: z.array(tariffPeriod),
  updatedBy: z.string().nullable(),
  updatedAt: z.number(),
});
export type PriceRow = z.infer<typeof priceRow>;

export const priceQuery = /* @__PURE__ */ pageQuery.extend({
  companyId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  area: z.string().trim().max(32).optional(),
  kind: z.enum(PRICE_KINDS).optional(),
});
export type PriceQuery = z.infer<typeof priceQuery>;

/** A recompute of revenue after a price changed (a job the console follows). */
export const recomputeRow = z.object({
  id: z.number(),
  state: z.enum(RECOMPUTE_STATES),
  fromDay: z.string(),
  toDay: z.string(),
  plantsTotal: z.number(),
  plantsDone: z.number(),
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
});
export type RecomputeRow = z.infer<typeof recomputeRow>;
/** What a price write answers: the price, and the recompute it queued (null when no plant uses the area). */
export const priceSaved = z.object({ price: priceRow, recompute: recomputeRow.nullable() });
export type PriceSaved = z.infer<typeof priceSaved>;

/** Revenue of one currency: amounts in minor units, energy in kWh. */
export const revenueFigures = z.object({
  currency: z.string(),
  today: z.number(),
  month: z.number(),
  year: z.number(),
  total: z.number(),
  plants: z.number(),
});
export type RevenueFigures = z.infer<typeof revenueFigures>;

export const plantRevenueQuery = z.object({
  range: z.enum(REVENUE_RANGES).default('day'),
  /** a plant-local day (yyyy-mm-dd) in the range; today by default */
  date: dayString.optional(),
});
export const revenuePeriodFigure = z.object({ period: z.string(), kwh: z.number(), amount: z.number() });
export const plantRevenue = z.object({
  /** null: the plant has no power company, price area and currency: no revenue is shown */
  currency: z.string().nullable(),
  range: z.enum(REVENUE_RANGES),
  /** first and last local day of the range */
  from: z.string(),
  to: z.string(),
  amount: z.number(),
  kwh: z.number(),
  byPeriod: z.array(revenuePeriodFigure),
  /** per day (month range: each day; year range: each month yyyy-mm; day range: the day) */
  series: z.array(z.object({ label: z.string(), byPeriod: z.array(revenuePeriodFigure) })),
});
export type PlantRevenue = z.infer<typeof plantRevenue>;
