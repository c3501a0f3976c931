/**
 * Energy accounting from device counters (ARCHITECTURE §5): production per plant-local day,
 * month, year and total, derived from the cumulative `energyTotal` counter (kWh) of each
 * sample. Pure functions: the ingest pipeline feeds them the device's ordered samples, so a late
 * or repeated sample only means recomputing the days it touches, and the result is the same.
 */

export interface CounterSample {
  /** epoch ms */
  ts: number;
  /** the device's lifetime energy counter, kWh */
  energyTotal: number;
  /**
   * The device's own daily counter (`energyToday`) beside a lifetime one: after a gap over local
   * midnight it says how much of the step belongs to the new day.
   */
  today?: number;
}

export interface EnergyOptions {
  /** IANA zone of the plant (default Asia/Shanghai, spec §9). */
  timeZone?: string;
  /** Device peak power in W: a step implying more is a glitch and counts at most this much. */
  maxPowerW?: number;
}

import { localDay as formatLocalDay } from '@pv/contract';

const QUARTER_HOUR = 900_000;
const Y2000 = 946_684_800_000;
const dayCache = new Map<string, Map<number, string>>();

/**
 * The plant-local day of an instant (see @pv/contract), memoised per quarter hour: every zone's
 * offset and DST change since 2000 falls on a UTC quarter hour, so a quarter hour never spans two
 * local days. The ingest path asks this twice per sample, and formatting a date is the slow part.
 */
export function localDay(ts: number, timeZone: string): string {
  if (ts < Y2000) return formatLocalDay(ts, timeZone);
  let zone = dayCache.get(timeZone);
  if (!zone) dayCache.set(timeZone, (zone = new Map()));
  const q = Math.floor(ts / QUARTER_HOUR);
  let day = zone.get(q);
  if (day === undefined) {
    if (zone.size >= 20_000) zone.clear();
    day = formatLocalDay(ts, timeZone);
    zone.set(q, day);
  }
  return day;
}

/**
 * A reading below the counter's high-water mark by less than this share of it is a glitch (a
 * rounding step back, a resent older value), not a reset: it adds nothing and the mark stays, so
 * the counter's return to the mark is not counted twice. A drop below half the mark is a reset.
 */
const RESET_SHARE = 0.5;

/** True when `cur` reads a little below `base` (a glitch: ignore it, keep `base`). */
export function isCounterGlitch(base: CounterSample, cur: CounterSample): boolean {
  return cur.energyTotal < base.energyTotal && cur.energyTotal >= base.energyTotal * RESET_SHARE;
}

/**
 * Energy produced between the counter's last good reading `prev` and `cur`. A counter that drops
 * below half its reading was reset (midnight on some devices, a replaced or re-flashed unit): the
 * energy since the reset is the new reading, never a negative step and never the old reading
 * counted again. A smaller drop is a glitch and adds nothing (see `isCounterGlitch`); a
 * replacement unit whose counter starts above half the old reading therefore counts from the
 * moment it passes the old reading.
 */
export function counterDelta(prev: CounterSample, cur: CounterSample, maxPowerW?: number): number {
  if (cur.ts <= prev.ts || isCounterGlitch(prev, cur)) return 0;
  let delta = cur.energyTotal >= prev.energyTotal ? cur.energyTotal - prev.energyTotal : cur.energyTotal;
  if (maxPowerW !== undefined) {
    const ceiling = (maxPowerW * (cur.ts - prev.ts)) / 3_600_000_000;
    delta = Math.min(delta, ceiling);
  }
  return Math.max(0, delta);
}

/**
 * The counter a sample carries: the lifetime `energyTotal`, else `energyToday` for devices that
 * report only a daily counter (it resets at their midnight, which counts as a reset above).
 */
export function counterOf(points: Record<string, unknown>): number | undefined {
  const v = typeof points.energyTotal === 'number' ? points.energyTotal : points.energyToday;
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** The counter sample of a device's points at `ts` (see `counterOf`), its daily counter beside it. */
export function counterSample(ts: number, points: Record<string, unknown>): CounterSample | undefined {
  const energyTotal = counterOf(points);
  if (energyTotal === undefined) return undefined;
  const today = points.energyToday;
  return typeof points.energyTotal === 'number' && typeof today === 'number' && Number.isFinite(today)
    ? { ts, energyTotal, today }
    : { ts, energyTotal };
}

/** Sorts by time and drops repeated timestamps (a resent message is counted once). */
export function normalise(samples: readonly CounterSample[]): CounterSample[] {
  const sorted = [...samples].filter((s) => Number.isFinite(s.energyTotal)).sort((a, b) => a.ts - b.ts);
  return sorted.filter((s, i) => i === 0 || s.ts !== sorted[i - 1]!.ts);
}

/**
 * kWh per plant-local day. A step that spans local midnight gives the new day what the device's
 * own daily counter read at its end (when it reports one beside the lifetime counter), else the
 * share of the step's time after midnight; the rest is split over the days before in proportion
 * to time. A device silent overnight thus never credits one day with another's energy.
 */
export function dailyEnergy(samples: readonly CounterSample[], options: EnergyOptions = {}): Map<string, number> {
  const tz = options.timeZone ?? 'Asia/Shanghai';
  const days = new Map<string, number>();
  const add = (day: string, kWh: number) => days.set(day, (days.get(day) ?? 0) + kWh);
  const list = normalise(samples);
  // `prev` is the last good reading (the high-water mark): a glitch is skipped, not followed
  for (let i = 1, prev = list[0]!; i < list.length; i++) {
    const cur = list[i]!;
    if (isCounterGlitch(prev, cur)) continue;
    const delta = counterDelta(prev, cur, options.maxPowerW);
    const from = prev;
    prev = cur;
    const startDay = localDay(from.ts, tz);
    const endDay = localDay(cur.ts, tz);
    if (startDay === endDay || delta === 0) {
      add(endDay, delta);
      continue;
    }
    // The new day's share: what the device's own daily counter says it made since its midnight
    // (exact after a silent night), else the time since the local midnight; the rest of the step
    // goes to the days before in proportion to time.
    const midnight = lastMidnight(from.ts, cur.ts, tz, endDay);
    const ownToday = cur.today !== undefined && cur.today >= 0 ? Math.min(delta, cur.today) : undefined;
    const span = cur.ts - from.ts;
    const newDay = ownToday ?? (delta * (cur.ts - midnight)) / span;
    // a step ending on the stroke of midnight belongs to the day before
    if (newDay > 0 || cur.ts > midnight) add(endDay, newDay);
    splitByTime(from.ts, midnight, startDay, delta - newDay, tz, add);
  }
  for (const [day, kWh] of days) days.set(day, round(kWh));
  return days;
}

/** The instant (epoch ms) the plant-local day holding `ts` began. */
export function dayStart(ts: number, timeZone: string): number {
  const day = localDay(ts, timeZone);
  // a local day lasts at most 25 hours (DST)
  return lastMidnight(ts - 26 * HOUR, ts, timeZone, day);
}

/** The last local midnight in (from, to]: the instant `to`'s local day begins, found by bisection. */
function lastMidnight(from: number, to: number, tz: string, toDay: string): number {
  let lo = from;
  let hi = to;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDay(mid, tz) === toDay) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * Spreads `kWh` over [from, to) in proportion to the time in each local day: walks the interval an
 * hour at a time (a local day lasts at least 23 h, DST included) and finds each midnight exactly.
 */
function splitByTime(
  from: number,
  to: number,
  startDay: string,
  kWh: number,
  tz: string,
  add: (day: string, kWh: number) => void,
) {
  const span = to - from;
  if (span <= 0 || kWh <= 0) {
    if (kWh > 0) add(startDay, kWh);
    return;
  }
  let segStart = from;
  let segDay = startDay;
  for (let t = Math.min(to, from + HOUR); ; t = Math.min(to, t + HOUR)) {
    const d = localDay(t, tz);
    if (d !== segDay && t < to) {
      let lo = t - HOUR > segStart ? t - HOUR : segStart;
      let hi = t;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (localDay(mid, tz) === segDay) lo = mid;
        else hi = mid;
      }
      add(segDay, (kWh * (hi - segStart)) / span);
      segStart = hi;
      segDay = d;
    }
    if (t >= to) break;
  }
  if (to > segStart) add(segDay, (kWh * (to - segStart)) / span);
}

/** Sums daily figures into months ("2026-03") and years ("2026"). */
export function rollUp(daily: ReadonlyMap<string, number>): {
  months: Map<string, number>;
  years: Map<string, number>;
  total: number;
} {
  const months = new Map<string, number>();
  const years = new Map<string, number>();
  let total = 0;
  for (const [day, kWh] of daily) {
    months.set(day.slice(0, 7), round((months.get(day.slice(0, 7)) ?? 0) + kWh));
    years.set(day.slice(0, 4), round((years.get(day.slice(0, 4)) ?? 0) + kWh));
    total += kWh;
  }
  return { months, years, total: round(total) };
}

const HOUR = 3_600_000;
const round = (v: number) => Math.round(v * 1e6) / 1e6;
