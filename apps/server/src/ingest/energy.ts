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

/** Sorts by time and drops repeated timestamps (a resent message is counted once). */
export function normalise(samples: readonly CounterSample[]): CounterSample[] {
  const sorted = [...samples].filter((s) => Number.isFinite(s.energyTotal)).sort((a, b) => a.ts - b.ts);
  return sorted.filter((s, i) => i === 0 || s.ts !== sorted[i - 1]!.ts);
}

/**
 * kWh per plant-local day. A step that spans local midnight is split in proportion to the time on
 * each side, so a device that was silent overnight does not credit one day with another's energy.
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
    // Walk the interval an hour at a time (a local day lasts at least 23 h, DST included) and
    // find each local midnight exactly by bisection.
    const span = cur.ts - from.ts;
    let segStart = from.ts;
    let segDay = startDay;
    for (let t = Math.min(cur.ts, from.ts + HOUR); ; t = Math.min(cur.ts, t + HOUR)) {
      const d = localDay(t, tz);
      if (d !== segDay) {
        let lo = t - HOUR > segStart ? t - HOUR : segStart;
        let hi = t;
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          if (localDay(mid, tz) === segDay) lo = mid;
          else hi = mid;
        }
        add(segDay, (delta * (hi - segStart)) / span);
        segStart = hi;
        segDay = d;
      }
      if (t >= cur.ts) break;
    }
    if (cur.ts > segStart) add(segDay, (delta * (cur.ts - segStart)) / span);
  }
  for (const [day, kWh] of days) days.set(day, round(kWh));
  return days;
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
