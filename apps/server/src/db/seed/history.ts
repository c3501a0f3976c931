import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { localDay } from '@pv/contract';
import type { ResumedCounters, SimPlant } from '@pv/simulator';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database.js';
import { sqliteHandle } from '../dialect.js';
import { startWorker } from '../../ingest/index.js';
import { simulatePlant, type DeviceRef, type PlantJob, type PlantRows } from './history-plant.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const FIVE_MIN = 300_000;
const CHUNK = 400;
/** rollup rows per SQLite statement (5 parameters each) */
const ROWS = 100;

export interface BackfillOptions {
  seed: number;
  now: number;
  /** when each plant was installed (epoch ms): its history and its counters start there (default 400 days ago) */
  installedAt?: (plant: SimPlant) => number;
  /** days before now that get 5-minute averages (default 60: every chart range is full) */
  detailDays?: number;
  /** worker threads simulating plants while this one writes (default: the cores but one, at most 4) */
  threads?: number;
}

export type { DeviceRef };

export interface BackfillResult {
  daily: number;
  buckets: number;
  simulateMs: number;
  writeMs: number;
}

/**
 * Demo history (DEMO, first seed only): the simulator's own model run from each plant's
 * installation to the last whole 5-minute bucket before `now`, stored as the live pipeline would
 * have stored it, so the demo tells one story (docs/energy-model.md):
 * - every counter starts at zero at the installation, so a device's counter equals the sum of its
 *   daily energy (device_daily) and a plant's production equals its inverters' counters;
 * - 5-minute averages of every reported point for the last `detailDays` days (device_rollup_5m),
 *   so every chart range is full on a fresh start;
 * - the organisations' power curve of the last two days (org_power_5m), whole buckets only: the
 *   bucket still filling is the live data's;
 * - each counter's last reading (device_counters) and each device's last report (its latest points
 *   and time, online), which the live simulator resumes from (resumeCounters), without a jump.
 * No raw samples. Worker threads simulate the plants while this thread writes them, a plant at a
 * time, so memory stays bounded (a thread gets its next plant when it hands one over).
 */
export async function backfillDemoHistory(
  db: Kysely<Database>,
  plants: SimPlant[],
  devices: Map<string, DeviceRef>,
  options: BackfillOptions,
): Promise<BackfillResult> {
  const now = options.now;
  const detailFrom = Math.floor((now - (options.detailDays ?? 60) * DAY) / HOUR) * HOUR;
  const powerFrom = now - 2 * DAY;
  // the last whole bucket: a sample at `to` stands for [to, to + 5 min), which ends by `now`
  const to = now - (now % FIVE_MIN) - FIVE_MIN;
  const result: BackfillResult = { daily: 0, buckets: 0, simulateMs: 0, writeMs: 0 };
  const jobs: PlantJob[] = plants.map((plant) => ({
    plant,
    seed: options.seed,
    from: Math.floor((options.installedAt?.(plant) ?? now - 400 * DAY) / HOUR) * HOUR,
    to,
    detailFrom,
    powerFrom,
    devices: plant.devices
      .flatMap((d) => [d.sn, ...(d.subs ?? []).map((s) => s.sn)])
      .flatMap((sn) => {
        const ref = devices.get(sn);
        return ref ? [[sn, ref] as [string, DeviceRef]] : [];
      }),
  }));
  // one plant is written at a time, in the order they come
  let writing = Promise.resolve();
  const write = (rows: PlantRows) =>
    (writing = writing.then(async () => {
      const started = performance.now();
      await writePlantHistory(db, { ...rows, now });
      for (const d of rows.devices) {
        result.daily += d.rows.daily.length;
        result.buckets += d.rows.rollups.length;
      }
      result.simulateMs += rows.ms;
      result.writeMs += performance.now() - started;
    }));
  const threads = Math.min(jobs.length - 1, options.threads ?? Math.min(4, availableParallelism() - 1));
  if (threads > 0) await simulateInThreads(jobs, threads, write);
  else for (const job of jobs) await write(simulatePlant(job));
  await writing;
  result.simulateMs = Math.round(result.simulateMs);
  result.writeMs = Math.round(result.writeMs);
  return result;
}

/**
 * Simulates the jobs on `count` worker threads, handing each result to `write` (which queues it)
 * and the thread its next job at once. A thread that fails leaves its plants to this thread.
 */
async function simulateInThreads(jobs: PlantJob[], count: number, write: (rows: PlantRows) => Promise<void>) {
  const queue = [...jobs];
  const workers = Array.from({ length: count }, () => startWorker(import.meta.url, 'history-worker'));
  let broken = false;
  // a plant simulated on `worker`, or on this thread once a worker has failed
  const simulate = (worker: Worker, job: PlantJob) =>
    broken
      ? Promise.resolve(simulatePlant(job))
      : new Promise<PlantRows>((resolve, reject) => {
          const off = () => {
            worker.off('message', onMessage);
            worker.off('error', onError);
            worker.off('exit', onError);
          };
          const onMessage = (rows: PlantRows) => {
            off();
            resolve(rows);
          };
          const onError = (err: unknown) => {
            off();
            reject(err instanceof Error ? err : new Error(`history thread exited (${String(err)})`));
          };
          worker.on('message', onMessage);
          worker.on('error', onError);
          worker.on('exit', onError);
          worker.postMessage(job);
        }).catch(() => {
          broken = true;
          return simulatePlant(job);
        });
  // the thread simulates the next plant while this one is written; it waits for that write
  // before it takes another, so at most two plants per thread are in memory
  const loop = async (worker: Worker) => {
    const first = queue.shift();
    let running = first && simulate(worker, first);
    let written = Promise.resolve();
    while (running) {
      const rows = await running;
      await written;
      const next = queue.shift();
      running = next && simulate(worker, next);
      written = write(rows);
    }
    await written;
  };
  try {
    await Promise.all(workers.map(loop));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/**
 * One plant's history rows. Plants of one organisation share its power buckets: they are added
 * up. A device's last report makes it online, as the live pipeline leaves a device that reported.
 */
async function writePlantHistory(db: Kysely<Database>, plant: PlantRows & { now: number }) {
  const { devices, power, last, now } = plant;
  const handle = sqliteHandle(db);
  if (handle) {
    // SQLite: one transaction of prepared statements, the fastest way in (rows bound as they are:
    // two million of them, so no copies)
    const daily = handle.prepare(
      'insert into device_daily (device_id, day, energy_kwh, updated_at) values (?, ?, ?, ?)',
    );
    // the rollups go in statements of ROWS rows: one statement per row is most of the write time
    const rollupSql = (rows: number) =>
      `insert into device_rollup_5m (device_id, bucket, n, points, point_n) values ${Array(rows).fill('(?, ?, ?, ?, ?)').join(', ')}`;
    const rollup = handle.prepare(rollupSql(1));
    const rollups = handle.prepare(rollupSql(ROWS));
    const orgPower = handle.prepare(
      'insert into org_power_5m (org_id, bucket, power_w, n) values (?, ?, ?, ?) on conflict (org_id, bucket) do update set power_w = org_power_5m.power_w + excluded.power_w',
    );
    const counter = handle.prepare('insert into device_counters (device_id, last_ts, last_total) values (?, ?, ?)');
    const report = handle.prepare(
      "update devices set online_state = 'online', last_online_at = ?, last_points = ? where id = ?",
    );
    handle.transaction(() => {
      for (const { id, rows } of devices) {
        for (const r of rows.daily) daily.run(id, r.day, r.energy_kwh, now);
        const list = rows.rollups;
        const whole = list.length - (list.length % ROWS);
        const args: unknown[] = [];
        for (let i = 0; i < whole; i += ROWS) {
          args.length = 0;
          for (let j = i; j < i + ROWS; j++) {
            const r = list[j]!;
            args.push(id, r.bucket, r.n, r.points, r.point_n);
          }
          rollups.run(args);
        }
        for (let i = whole; i < list.length; i++) {
          const r = list[i]!;
          rollup.run(id, r.bucket, r.n, r.points, r.point_n);
        }
        if (rows.counter) counter.run(id, rows.counter.last_ts, rows.counter.last_total);
      }
      for (const r of power) orgPower.run(r.org_id, r.bucket, r.power_w, r.n);
      for (const r of last) report.run(r.ts, r.points, r.id);
    })();
    return;
  }
  const daily = devices.flatMap(({ id, rows }) => rows.daily.map((r) => ({ device_id: id, ...r, updated_at: now })));
  const counters = devices.flatMap(({ id, rows }) => (rows.counter ? [{ device_id: id, ...rows.counter }] : []));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < daily.length; i += CHUNK)
      await trx
        .insertInto('device_daily')
        .values(daily.slice(i, i + CHUNK))
        .execute();
    // a device's rollups in one statement of arrays (tens of thousands of rows)
    for (const { id, rows } of devices) {
      const list = rows.rollups;
      if (!list.length) continue;
      await sql`
        insert into device_rollup_5m (device_id, bucket, n, points, point_n)
        select ${id}::int, * from unnest(${list.map((r) => r.bucket)}::bigint[], ${list.map((r) => r.n)}::int[], ${list.map((r) => r.points)}::text[], ${list.map((r) => r.point_n)}::text[])`.execute(
        trx,
      );
    }
    for (let i = 0; i < power.length; i += CHUNK)
      await trx
        .insertInto('org_power_5m')
        .values(power.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.columns(['org_id', 'bucket']).doUpdateSet((eb) => ({
            power_w: sql<number>`${eb.ref('org_power_5m.power_w')} + ${eb.ref('excluded.power_w')}`,
          })),
        )
        .execute();
    for (let i = 0; i < counters.length; i += CHUNK)
      await trx
        .insertInto('device_counters')
        .values(counters.slice(i, i + CHUNK))
        .execute();
    for (const r of last)
      await trx
        .updateTable('devices')
        .set({ online_state: 'online', last_online_at: r.ts, last_points: r.points })
        .where('id', '=', r.id)
        .execute();
  });
}

/**
 * Where each demo device's counters resume: its last stored reading, today's energy so far and
 * its other counters (a battery's charge, a meter's import and export) from its latest points, so
 * a restarted (or just backfilled) fleet continues its counters instead of starting over.
 */
export async function resumeCounters(
  db: Kysely<Database>,
  plants: SimPlant[],
  now: number,
): Promise<Map<string, ResumedCounters>> {
  const zone = new Map<string, string>();
  for (const p of plants)
    for (const d of p.devices) for (const sn of [d.sn, ...(d.subs ?? []).map((s) => s.sn)]) zone.set(sn, p.timeZone);
  const out = new Map<string, ResumedCounters>();
  const sns = [...zone.keys()];
  for (let i = 0; i < sns.length; i += 500) {
    const rows = await db
      .selectFrom('devices as d')
      .leftJoin('device_counters as c', 'c.device_id', 'd.id')
      .select(['d.id', 'd.sn', 'd.last_points', 'c.last_total'])
      .where('d.sn', 'in', sns.slice(i, i + 500))
      .execute();
    if (!rows.length) continue;
    const daysWanted = new Set(rows.map((r) => localDay(now, zone.get(r.sn)!)));
    const today = new Map<string, number>();
    const dd = await db
      .selectFrom('device_daily')
      .select(['device_id', 'day', 'energy_kwh'])
      .where(
        'device_id',
        'in',
        rows.map((r) => r.id),
      )
      .where('day', 'in', [...daysWanted])
      .execute();
    for (const r of dd) today.set(`${r.device_id}|${r.day}`, Number(r.energy_kwh));
    for (const r of rows) {
      const points: Record<string, number> = {};
      const last = r.last_points ? (JSON.parse(r.last_points) as Record<string, unknown>) : {};
      for (const name of RESUMED_POINTS) if (typeof last[name] === 'number') points[name] = last[name];
      if (r.last_total === null && !Object.keys(points).length) continue;
      const day = localDay(now, zone.get(r.sn)!);
      out.set(r.sn, {
        energyTotal: Number(r.last_total ?? 0),
        energyToday: today.get(`${r.id}|${day}`) ?? 0,
        day,
        points,
      });
    }
  }
  return out;
}

/** The counters a device reports beside `energyTotal`, resumed from its latest points. */
const RESUMED_POINTS = ['batteryChargeEnergy', 'meterImportEnergy', 'meterExportEnergy'];
