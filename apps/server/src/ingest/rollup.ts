import type { Points } from '@pv/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { HotStatements } from './statements.js';

/**
 * 5-minute point averages per device (device_rollup_5m), what charts read instead of raw samples.
 * The pipeline feeds only the samples its insert actually stored (a repeated (device, ts) is not
 * averaged twice) and writes the buckets in the same transaction as the samples.
 */
export const BUCKET_MS = 300_000;

/** Start (epoch ms) of the 5-minute bucket holding `ts`. */
export const bucketOf = (ts: number) => ts - (((ts % BUCKET_MS) + BUCKET_MS) % BUCKET_MS);

/** What one batch adds to one (device, bucket): sample count and per-point sums and counts. */
export interface BucketSums {
  deviceId: number;
  bucket: number;
  n: number;
  sums: Map<string, number>;
  counts: Map<string, number>;
}

/** Adds one stored sample to the batch's bucket sums. */
export function accumulate(acc: Map<string, BucketSums>, deviceId: number, ts: number, points: Points) {
  const bucket = bucketOf(ts);
  const key = `${deviceId}:${bucket}`;
  let b = acc.get(key);
  if (!b) {
    b = { deviceId, bucket, n: 0, sums: new Map(), counts: new Map() };
    acc.set(key, b);
  }
  b.n++;
  for (const name in points) {
    const v = points[name];
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    b.sums.set(name, (b.sums.get(name) ?? 0) + v);
    b.counts.set(name, (b.counts.get(name) ?? 0) + 1);
  }
}

export interface StoredBucket {
  n: number;
  points: string;
  point_n: string | null;
  /** `points` and `point_n` already parsed, when this bucket was made here (not read back) */
  parsed?: { avg: Record<string, number>; partial: Record<string, number> | undefined };
}

/**
 * The bucket after adding a batch's sums to what is stored: each point's average is weighted by
 * the number of samples that carried it (`point_n` keeps that number for points some samples
 * lacked; every other point was in all `n`).
 */
export function mergeBucket(stored: StoredBucket | undefined, add: BucketSums): StoredBucket {
  const n = (stored?.n ?? 0) + add.n;
  const sums: Record<string, number> = {};
  const counts: Record<string, number> = {};
  if (stored) {
    const { avg, partial } = stored.parsed ?? {
      avg: JSON.parse(stored.points) as Record<string, number>,
      partial: stored.point_n ? (JSON.parse(stored.point_n) as Record<string, number>) : undefined,
    };
    for (const name in avg) {
      const c = partial?.[name] ?? stored.n;
      sums[name] = avg[name]! * c;
      counts[name] = c;
    }
  }
  for (const [name, s] of add.sums) {
    sums[name] = (sums[name] ?? 0) + s;
    counts[name] = (counts[name] ?? 0) + add.counts.get(name)!;
  }
  const avg: Record<string, number> = {};
  let partial: Record<string, number> | undefined;
  for (const name in sums) {
    const c = counts[name]!;
    avg[name] = sums[name]! / c;
    if (c < n) (partial ??= {})[name] = c;
  }
  return {
    n,
    points: JSON.stringify(avg),
    point_n: partial ? JSON.stringify(partial) : null,
    parsed: { avg, partial },
  };
}

/**
 * Adds the batch's sums to device_rollup_5m: read, merge, upsert. The caller has already updated
 * (so, on PostgreSQL, locked) every touched device's row in this transaction, so another process
 * writing the same (device, bucket) waits for our commit and then reads what we wrote; the
 * buckets are also read FOR UPDATE in (device, bucket) order and written with an upsert.
 */
export async function writeRollups(
  trx: Transaction<Database>,
  statements: HotStatements,
  acc: Map<string, BucketSums>,
) {
  if (!acc.size) return;
  const add = [...acc.values()].sort((x, y) => x.deviceId - y.deviceId || x.bucket - y.bucket);
  const stored = new Map<string, StoredBucket>();
  for (const r of await statements.readRollups(
    trx,
    add.map((b) => ({ device_id: b.deviceId, bucket: b.bucket })),
  ))
    stored.set(`${r.device_id}:${r.bucket}`, r);
  await statements.writeRollups(
    trx,
    add.map((b) => ({
      device_id: b.deviceId,
      bucket: b.bucket,
      ...mergeBucket(stored.get(`${b.deviceId}:${b.bucket}`), b),
    })),
  );
}
