// The tariffs' kinds, ranges and formats, apart from their schemas in tariff.ts (which re-exports
// them): the power-company list reads them on first load, and a module without zod keeps zod and
// the price forms' schemas out of it.

/** What a price is for: `feedIn` the company pays for energy a plant exports (its revenue), `purchase` what it charges. */
export const PRICE_KINDS = ['feedIn', 'purchase'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
/**
 * The time-of-use periods the console names in the reader's language (what power companies call
 * them: peak, shoulder, off-peak; China's 尖峰平谷; Spain's punta, llano, valle). A price keeps a
 * period's name as it was entered; a name not in this list is the user's own and shows as typed.
 */
export const PERIOD_NAMES = [
  'superPeak',
  'peak',
  'shoulder',
  'flat',
  'offPeak',
  'valley',
  'day',
  'night',
  'solar',
  'normal',
  'feedIn',
] as const;
export type PeriodName = (typeof PERIOD_NAMES)[number];
export const isPeriodName = (name: string): name is PeriodName => (PERIOD_NAMES as readonly string[]).includes(name);
export const PERIOD_DAYS = ['all', 'weekdays', 'weekends'] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];
export const MINUTES_PER_DAY = 1440;

/** A price per kWh in the currency's major unit, up to 6 decimals ("0.2845"). */
export const PRICE_RE = /^\d{1,6}(\.\d{1,6})?$/;

/** A recompute of revenue after a price changed (a job the console follows): its states. */
export const RECOMPUTE_STATES = ['queued', 'running', 'done', 'failed'] as const;

export const REVENUE_RANGES = ['day', 'month', 'year'] as const;
export type RevenueRange = (typeof REVENUE_RANGES)[number];
