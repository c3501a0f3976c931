import { localDay, tariffPeriod, type TariffPeriod } from '@pv/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { PlantRevenueDailyTable } from './tariff.tables.js';
import { dialectOf } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { clearSkyDay, localTime, offsetMinutes, revenueOf, type BucketEnergy, type PriceVersion } from './revenue.js';
import * as repo from './tariff.repository.js';

/**
 * The revenue rollup (plant_revenue_daily) and the figures the plant list and the dashboard read
 * (plant_stats.revenue_*), kept by the `revenue` job:
 *
 * 1. queued recomputes (a price changed): the days of the change for every plant of the
 *    company's area, SLICE plants at a time, with the progress written after each slice;
 * 2. today of every plant with a tariff, and yesterday on the first run of a new local day and
 *    in its first two hours (late data of yesterday lands too);
 * 3. the whole history of plants whose revenue rows do not start on the first day of their
 *    history (a plant just given a tariff, a database whose revenue was computed before the history
 *    was priced), from the first day its production was counted or not before its tariff's first
 *    price: BACKFILL plants a run, CHECKS plants looked at a run; each plant (with its tariff) is
 *    looked at once by a process;
 * 4. today / month / year / total per plant into plant_stats.
 *
 * A bucket's energy is its inverters' average acPower over the 5 minutes, scaled per local day so
 * the day adds up to the production the platform counted for it (device_daily, the counter truth of
 * docs/energy-model.md): the power gives the shape over the day, the counter the amount.
 */

const SLICE = 50;
const BACKFILL = 100;
const CHECKS = 500;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BUCKET_MS = 300_000;
const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const periodsJson = z.array(tariffPeriod);
export const parsePeriods = (json: string): TariffPeriod[] => periodsJson.parse(JSON.parse(json));

type Versions = Map<string, PriceVersion[]>;
const versionKey = (companyId: number, area: string) => `${companyId}\u0000${area}`;

async function loadVersions(db: Kysely<Database>, plants: repo.TariffPlant[]): Promise<Versions> {
  const rows = await repo.feedInPrices(db, [...new Set(plants.map((p) => p.power_company_id))]);
  const out: Versions = new Map();
  for (const r of rows) {
    const key = versionKey(r.company_id, r.area);
    let list = out.get(key);
    if (!list) out.set(key, (list = []));
    list.push({ validFrom: r.valid_from, validTo: r.valid_to, periods: parsePeriods(r.periods) });
  }
  return out;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/**
 * Computes and writes the revenue of `plants` for the local days [from, to] of each (from and to
 * per plant): reads their buckets and counted energy of the span in one query each.
 */
export async function computeRevenue(
  db: Kysely<Database>,
  plants: repo.TariffPlant[],
  daysOf: (p: repo.TariffPlant) => { from: string; to: string },
  versions?: Versions,
  /** now: a day still under way spreads what it counted over its hours before it */
  until = Infinity,
): Promise<number> {
  if (!plants.length) return 0;
  const dialect = dialectOf(db);
  const ranges = new Map(plants.map((p) => [p.id, daysOf(p)]));
  let minDay = '9999-12-31';
  let maxDay = '0000-01-01';
  // the instants the plants' local ranges span (an hour's margin either side for a DST change)
  let fromTs = Infinity;
  let toTs = -Infinity;
  for (const p of plants) {
    const r = ranges.get(p.id)!;
    if (r.from < minDay) minDay = r.from;
    if (r.to > maxDay) maxDay = r.to;
    const start = Date.parse(`${r.from}T00:00:00Z`);
    const end = Date.parse(`${r.to}T00:00:00Z`) + DAY;
    fromTs = Math.min(fromTs, start - offsetMinutes(p.time_zone, start) * 60_000 - HOUR);
    toTs = Math.max(toTs, end - offsetMinutes(p.time_zone, end) * 60_000 + HOUR);
  }
  const ids = plants.map((p) => p.id);
  const [power, counted, prices] = await Promise.all([
    repo.bucketPower(db, dialect, ids, fromTs, toTs),
    repo.countedEnergy(db, ids, minDay, maxDay),
    versions ?? loadVersions(db, plants),
  ]);
  const buckets = new Map<number, BucketEnergy[]>();
  for (const r of power) {
    const w = Number(r.w ?? 0);
    if (!(w > 0)) continue;
    let list = buckets.get(r.plant_id!);
    if (!list) buckets.set(r.plant_id!, (list = []));
    list.push({ ts: Number(r.bucket), kwh: (w * BUCKET_MS) / 3.6e9 });
  }
  const countedOf = new Map<string, number>();
  for (const r of counted) {
    const key = `${r.plant_id}|${r.day}`;
    countedOf.set(key, (countedOf.get(key) ?? 0) + r.kwh);
  }

  // one delete and a few inserts per range of days (the plants of a zone share theirs)
  const writes = new Map<string, { plantIds: number[]; from: string; to: string; rows: PlantRevenueDailyTable[] }>();
  for (const p of plants) {
    const { from, to } = ranges.get(p.id)!;
    const list = (buckets.get(p.id) ?? []).map((b) => ({ ...b, day: localTime(b.ts, p.time_zone).day }));
    const inRange = list.filter((b) => b.day >= from && b.day <= to);
    // scale each day to what was counted for it (when the counter counted anything)
    const sums = new Map<string, number>();
    for (const b of inRange) sums.set(b.day, (sums.get(b.day) ?? 0) + b.kwh);
    const factor = new Map<string, number>();
    for (const [day, sum] of sums) {
      const c = countedOf.get(`${p.id}|${day}`);
      factor.set(day, c !== undefined && c > 0 && sum > 0 ? c / sum : 1);
    }
    const scaled = inRange.map((b) => ({ ts: b.ts, kwh: b.kwh * factor.get(b.day)! }));
    // a day counted without any power stored (older than the rollups, an inverter that left the
    // plant): its production over the shape of a sunny day there
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const c = countedOf.get(`${p.id}|${day}`);
      if (c === undefined || !(c > 0) || sums.has(day)) continue;
      for (const b of clearSkyDay(day, p.time_zone, p.latitude, p.longitude, until))
        scaled.push({ ts: b.ts, kwh: b.kwh * c });
    }
    const revenue = revenueOf(
      scaled,
      p.time_zone,
      prices.get(versionKey(p.power_company_id, p.price_area)) ?? [],
      p.currency,
    );
    const rows: PlantRevenueDailyTable[] = [];
    for (const [day, periods] of revenue) {
      if (day < from || day > to) continue;
      for (const [period, f] of periods)
        rows.push({ plant_id: p.id, day, period, currency: p.currency, kwh: f.kwh, amount: f.amount });
    }
    const key = `${from}|${to}`;
    let w = writes.get(key);
    if (!w) writes.set(key, (w = { plantIds: [], from, to, rows: [] }));
    w.plantIds.push(p.id);
    w.rows.push(...rows);
  }
  await inTransaction(db, async (trx) => {
    for (const w of writes.values()) await repo.replaceRevenue(trx, w.plantIds, w.from, w.to, w.rows);
  });
  return [...writes.values()].reduce((n, w) => n + w.rows.length, 0);
}

/** today / month / year / total of each plant (its own local calendar) into plant_stats. */
export async function writeStats(db: Kysely<Database>, plants: repo.TariffPlant[], now: number) {
  if (!plants.length) return;
  const ids = plants.map((p) => p.id);
  const months = await repo.revenuePerMonth(db, ids);
  const todayOf = new Map(plants.map((p) => [p.id, localDay(now, p.time_zone)]));
  const todays = await repo.revenueOfDays(db, ids, [...new Set(todayOf.values())]);
  const stats = new Map(
    plants.map((p) => [p.id, { plantId: p.id, currency: p.currency, today: 0, month: 0, year: 0, total: 0 }]),
  );
  for (const r of months) {
    const s = stats.get(r.plant_id);
    if (!s || r.currency !== s.currency) continue;
    const today = todayOf.get(r.plant_id)!;
    const amount = Number(r.amount ?? 0);
    s.total += amount;
    if (r.month.slice(0, 4) === today.slice(0, 4)) s.year += amount;
    if (r.month === today.slice(0, 7)) s.month += amount;
  }
  for (const r of todays) {
    const s = stats.get(r.plant_id);
    if (s && r.currency === s.currency && r.day === todayOf.get(r.plant_id)) s.today += Number(r.amount ?? 0);
  }
  await inTransaction(db, (trx) => repo.writeRevenueStats(trx, [...stats.values()]));
}

export interface RefreshResult {
  plants: number;
  backfilled: number;
  recomputed: number;
}

/** Runs the queued recomputes (see the top of the file), progress written per slice. */
export async function runRecomputes(db: Kysely<Database>, now: number): Promise<number> {
  let done = 0;
  for (const job of await repo.pendingRecomputes(db)) {
    try {
      const of = { companyId: job.company_id, area: job.area };
      let after = 0;
      let plantsDone = 0;
      await repo.setRecompute(db, job.id, { state: 'running', done: 0 });
      for (;;) {
        const plants = await repo.tariffPlantsAfter(db, after, SLICE, of);
        if (!plants.length) break;
        after = plants[plants.length - 1]!.id;
        await computeRevenue(
          db,
          plants,
          (p) => {
            const today = localDay(now, p.time_zone);
            return { from: job.from_day, to: job.to_day < today ? job.to_day : today };
          },
          undefined,
          now,
        );
        await writeStats(db, plants, now);
        plantsDone += plants.length;
        await repo.setRecompute(db, job.id, {
          done: plantsDone,
          total: Math.max(plantsDone, Number(job.plants_total)),
        });
        await yieldLoop();
      }
      await repo.setRecompute(db, job.id, {
        state: 'done',
        done: plantsDone,
        total: plantsDone,
        finishedAt: Date.now(),
      });
      done++;
    } catch (err) {
      await repo.setRecompute(db, job.id, { state: 'failed', finishedAt: Date.now() });
      throw err;
    }
  }
  return done;
}

/** The local day each plant's last run in this process computed, by database. */
const todayBefore = new WeakMap<Kysely<Database>, Map<number, string>>();
/** Plants (with their tariff) whose history this process computed already, by database. */
const backfilledBefore = new WeakMap<Kysely<Database>, Set<string>>();
const tariffKey = (p: repo.TariffPlant) => `${p.id}|${p.power_company_id}|${p.price_area}|${p.currency}`;

/** One run of the job: recomputes, yesterday and today of every plant with a tariff, backfills, stats. */
export async function refreshRevenue(db: Kysely<Database>, now: number, backfill = BACKFILL): Promise<RefreshResult> {
  const recomputed = await runRecomputes(db, now);
  let plantsSeen = 0;
  let backfilled = 0;
  let checks = CHECKS;
  for (let after = 0; ;) {
    const plants = await repo.tariffPlantsAfter(db, after, SLICE);
    if (!plants.length) break;
    after = plants[plants.length - 1]!.id;
    const versions = await loadVersions(db, plants);
    let tried = backfilledBefore.get(db);
    if (!tried) backfilledBefore.set(db, (tried = new Set()));
    // the plants (with their tariff) this process has not looked at yet, CHECKS a run at most
    const toCheck = backfilled < backfill ? plants.filter((p) => !tried.has(tariffKey(p))).slice(0, checks) : [];
    checks -= toCheck.length;
    const firstRevenue = await repo.firstRevenueDays(
      db,
      toCheck.map((p) => p.id),
    );
    const toFill: repo.TariffPlant[] = [];
    for (const p of toCheck) {
      if (backfilled >= backfill) break;
      tried.add(tariffKey(p));
      // from the first day its production was counted (or its power stored), and not before its
      // tariff's first price
      const start = await repo.historyStart(db, p.id);
      const firstDays = [start.day, start.bucket === undefined ? undefined : localDay(start.bucket, p.time_zone)];
      let from = firstDays.filter((d): d is string => d !== undefined).sort()[0];
      if (from === undefined) continue;
      const firstPrice = versions.get(versionKey(p.power_company_id, p.price_area))?.[0]?.validFrom;
      if (firstPrice !== undefined && firstPrice > from) from = firstPrice;
      const to = localDay(now, p.time_zone);
      if (from > to) continue;
      // rows from the history's first day on: computed already (a price change recomputes its own days)
      const first = firstRevenue.get(p.id);
      if (first !== undefined && first <= from) continue;
      toFill.push(p);
      await computeRevenue(db, [p], () => ({ from, to }), versions, now);
      backfilled++;
    }
    const filled = new Set(toFill.map((p) => p.id));
    let lastToday = todayBefore.get(db);
    if (!lastToday) todayBefore.set(db, (lastToday = new Map()));
    const seenToday = lastToday;
    await computeRevenue(
      db,
      plants.filter((p) => !filled.has(p.id)),
      (p) => {
        const local = localTime(now, p.time_zone);
        // yesterday too on the first run of a new local day and in its first two hours (late data)
        const withYesterday = seenToday.get(p.id) !== local.day || local.minute < 120;
        seenToday.set(p.id, local.day);
        return { from: withYesterday ? addDays(local.day, -1) : local.day, to: local.day };
      },
      versions,
      now,
    );
    await writeStats(db, plants, now);
    plantsSeen += plants.length;
    await yieldLoop();
  }
  await repo.clearStaleRevenueStats(db);
  return { plants: plantsSeen, backfilled, recomputed };
}

const kicks = new WeakMap<Kysely<Database>, () => void>();
/** What starts a run of the job soon (the module sets it): a tariff given to a plant shows its revenue at once. */
export const onRevenueKick = (db: Kysely<Database>, kick: () => void) => void kicks.set(db, kick);
export const kickRevenue = (db: Kysely<Database>) => kicks.get(db)?.();

/** Local days of a bucket window, for tests and the bench. */
export const bucketsPerDay = DAY / BUCKET_MS;
