import type { Points } from '@pv/contract';
import { counterDelta, counterSample, dailyEnergy, isCounterGlitch, localDay, type CounterSample } from './energy.js';
import { accumulate, bucketOf, mergeBucket, type BucketSums } from './rollup.js';

/** One sample of a device: its time (epoch ms) and the points it reported. */
export interface SeriesSample {
  ts: number;
  points: Points;
}

/** The rows the pipeline keeps for one device's samples (without the device id, which the caller has). */
export interface SeriesRows {
  /** kWh per plant-local day (device_daily), in day order */
  daily: { day: string; energy_kwh: number }[];
  /** 5-minute averages (device_rollup_5m), in bucket order */
  rollups: { bucket: number; n: number; points: string; point_n: string | null }[];
  /** the counter's last reading (device_counters); none when no sample carried a counter */
  counter: { last_ts: number; last_total: number } | undefined;
}

export interface SeriesOptions {
  /** IANA zone of the device's plant: its days are local days */
  timeZone: string;
  /** first local day (YYYY-MM-DD) kept in `daily`: the days before it began before the series did */
  fromDay?: string;
  /** samples before this instant (epoch ms) count for energy only, not for the 5-minute averages */
  rollupFrom?: number;
}

/**
 * What the ingest would have stored for a device that sent these samples (in time order, one per
 * instant, a counter that only grows), computed without a database: the demo history is built
 * with it. Daily energy counts each step for the day it ends in, and a step that spans local
 * midnight is split between the days as the pipeline's `dailyEnergy` splits it.
 */
export function seriesRows(samples: Iterable<SeriesSample>, options: SeriesOptions): SeriesRows {
  const series = new DeviceSeries(options);
  for (const { ts, points } of samples) series.add(ts, points);
  return series.rows();
}

/**
 * `seriesRows` fed one sample at a time, for a caller that makes the samples of many devices at
 * once: it keeps only the running sums, never the samples.
 */
export class DeviceSeries {
  private readonly days = new Map<string, number>();
  /** the finished buckets; samples come in time order, so only the latest one is still open */
  private readonly done: SeriesRows['rollups'] = [];
  private open: { bucket: number; first: Points; sums?: Map<string, BucketSums> } | undefined;
  private last: CounterSample | undefined;
  private lastDay = '';

  constructor(private readonly options: SeriesOptions) {}

  /** Adds the next sample (later than every one before). */
  add(ts: number, points: Points) {
    const { timeZone, rollupFrom = -Infinity } = this.options;
    if (ts >= rollupFrom) this.addToBucket(ts, points);
    const cur = counterSample(ts, points);
    if (cur === undefined) return;
    const day = localDay(ts, timeZone);
    const prev = this.last;
    // the first reading's day has a row even when it is the day's only one (installed at 23:00 local)
    if (!prev) this.days.set(day, this.days.get(day) ?? 0);
    if (prev) {
      // the pipeline's rules (a glitch keeps the mark, a reset counts from zero): see energy.ts
      if (isCounterGlitch(prev, cur)) return;
      if (day === this.lastDay) this.days.set(day, (this.days.get(day) ?? 0) + counterDelta(prev, cur));
      else
        for (const [d, kWh] of dailyEnergy([prev, cur], { timeZone })) this.days.set(d, (this.days.get(d) ?? 0) + kWh);
    }
    this.last = cur;
    this.lastDay = day;
  }

  /** A bucket of one sample (the demo history's) is that sample's numeric points: no sums needed. */
  private addToBucket(ts: number, points: Points) {
    const bucket = bucketOf(ts);
    const open = this.open;
    if (open?.bucket === bucket) {
      if (!open.sums) {
        open.sums = new Map();
        accumulate(open.sums, 0, bucket, open.first);
      }
      accumulate(open.sums, 0, ts, points);
      return;
    }
    this.close();
    this.open = { bucket, first: points };
  }

  private close() {
    const open = this.open;
    if (!open) return;
    this.open = undefined;
    if (open.sums) {
      const { n, points, point_n } = mergeBucket(undefined, open.sums.values().next().value!);
      this.done.push({ bucket: open.bucket, n, points, point_n });
      return;
    }
    let numeric = true;
    for (const name in open.first) {
      const v = open.first[name];
      if (typeof v !== 'number' || !Number.isFinite(v)) numeric = false;
    }
    let avg: Record<string, unknown> = open.first;
    if (!numeric) {
      avg = {};
      for (const name in open.first) {
        const v = open.first[name];
        if (typeof v === 'number' && Number.isFinite(v)) avg[name] = v;
      }
    }
    this.done.push({ bucket: open.bucket, n: 1, points: JSON.stringify(avg), point_n: null });
  }

  rows(): SeriesRows {
    this.close();
    const fromDay = this.options.fromDay ?? '';
    const daily: SeriesRows['daily'] = [];
    for (const [day, kWh] of this.days)
      if (day >= fromDay) daily.push({ day, energy_kwh: Math.round(kWh * 1e6) / 1e6 });
    const last = this.last;
    return {
      daily,
      rollups: this.done,
      counter: last && { last_ts: last.ts, last_total: last.energyTotal },
    };
  }
}
