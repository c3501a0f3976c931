import { localDay } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PlantStatsTable } from './plant.tables.js';
import { dialectOf, type DialectName } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { isForeignKeyViolation } from '../../lib/unique.js';
import * as repo from './plant-stats.repository.js';
import { threadTask } from '../../plugins/jobs-thread.js';

/**
 * plant_stats: what the plant list shows, sorts and filters on, one row per plant.
 *
 * - Power: the sum of `acPower` of the plant's online inverters. Only inverters produce: a
 *   collector speaks for its sub inverters (each sub device has its own row and points, so the
 *   collector's own points are never added on top), batteries and meters report their own
 *   points (batteryPower, meterImportPower) which are not production.
 * - Energy today / month / year / total: device_daily of the same inverters, in the plant's local
 *   calendar (device_daily already holds plant-local days).
 * - Status: fault when a fault is open or a device is in failure; online when a device is online;
 *   else offline. Data update time: the latest last_online_at of its devices.
 *
 * Cost: the plants are taken SLICE at a time (by id); for each slice one grouped query over its
 * devices (index on plant_id), one over their open faults, one over their device_daily rows of
 * "today" (primary key lookups) and one over their current plant_stats rows, and only rows that
 * differ are written (compared with the table, not with what this process wrote last: server
 * processes take turns at the refresh, see app.ts). Between slices the event loop is given back,
 * so API requests are never held up by more than one slice when it runs on the API's thread (on a
 * SQLite file it runs on the jobs thread, plugins/jobs-thread.ts).
 * Month / year / total need every past day: those sums of the days before today are recomputed in
 * a slower pass, CLOSED_SLICE plants at a time (every CLOSED_TTL_MS, when a plant's local day
 * changes, and after `invalidatePlantStats`) and kept in memory; each fast pass adds today's
 * energy to them.
 */

interface Closed {
  /** the plant-local "today" the closed sums exclude */
  today: string;
  month: number;
  year: number;
  total: number;
}

interface Cache {
  closed: Map<number, Closed>;
  closedAt: number;
}

const caches = new WeakMap<Kysely<Database>, Cache>();
const CLOSED_TTL_MS = 10 * 60_000;

/** What runs a database's refreshes elsewhere (the jobs thread of a SQLite file). */
export interface StatsRunner {
  refresh(now: number): Promise<PlantStatsResult>;
  invalidate(): void;
}

export interface PlantStatsResult {
  plants: number;
  written: number;
}

/** The refresh and the invalidation as the jobs thread runs them, on its own connection. */
export const refreshOnThread = (db: Kysely<Database>, now: number) => refreshPlantStats(db, now);
export const invalidateOnThread = (db: Kysely<Database>) => invalidatePlantStats(db);
/** The jobs thread closing: its run under way ends after the current slice. */
export const onThreadClose = (db: Kysely<Database>) => stopPlantStats(db);
export const PLANT_STATS_TASK = threadTask<number, PlantStatsResult>(import.meta.url, 'plant-stats', 'refreshOnThread');
export const PLANT_STATS_INVALIDATE_TASK = threadTask<void, void>(import.meta.url, 'plant-stats', 'invalidateOnThread');

/** Where a database's refreshes run when not on this thread (the jobs thread of a SQLite file). */
const runners = new WeakMap<Kysely<Database>, StatsRunner>();

/** Runs the refreshes of `db` on `runner` (the jobs thread, plugins/jobs-thread.ts) instead of this thread. */
export function refreshPlantStatsOn(db: Kysely<Database>, runner: StatsRunner): void {
  runners.set(db, runner);
}

/** Forces the next refresh to recompute the past-days sums. */
export function invalidatePlantStats(db: Kysely<Database>): void {
  caches.delete(db);
  runners.get(db)?.invalidate();
}

const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits;

const SLICE = 100;
/** the past-days pass reads every day of history: smaller slices keep each one short */
const CLOSED_SLICE = 20;
const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const running = new WeakMap<Kysely<Database>, Promise<{ plants: number; written: number }>>();
const listeners = new WeakMap<Kysely<Database>, Set<() => void>>();

/** Calls `changed` after each refresh of `db` that wrote new figures (answers built on the old ones are stale). */
export function onPlantStatsChanged(db: Kysely<Database>, changed: () => void): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(changed);
  return () => set.delete(changed);
}
const stopped = new WeakSet<Kysely<Database>>();

/**
 * One refresh at a time per database: a call while one runs starts after it (its `now` and the
 * data it reads are then current), or with `ifIdle` (the periodic timer) is skipped, so a slow
 * run is never overlapped by the next tick.
 */
export function refreshPlantStats(
  db: Kysely<Database>,
  now?: number,
  options: { ifIdle?: boolean } = {},
): Promise<{ plants: number; written: number }> {
  const current = running.get(db);
  if (current && options.ifIdle) return current;
  const run = (current ? current.catch(() => undefined) : Promise.resolve())
    .then(() => runners.get(db)?.refresh(now ?? Date.now()) ?? refresh(db, now ?? Date.now()))
    .then((result) => {
      if (result.written > 0) listeners.get(db)?.forEach((changed) => changed());
      return result;
    });
  const tracked = run.finally(() => {
    if (running.get(db) === tracked) running.delete(db);
  });
  running.set(db, tracked);
  return tracked;
}

/** Stops refreshing (server shutdown): the run under way ends after its current slice. */
export async function stopPlantStats(db: Kysely<Database>): Promise<void> {
  stopped.add(db);
  await running.get(db)?.catch(() => undefined);
}

async function refresh(db: Kysely<Database>, now: number): Promise<{ plants: number; written: number }> {
  let cache = caches.get(db);
  if (!cache) {
    cache = { closed: new Map(), closedAt: 0 };
    caches.set(db, cache);
  }
  const dialect = dialectOf(db);
  const refreshClosed = now - cache.closedAt > CLOSED_TTL_MS;
  const todayOf = new Map<string, string>();
  let plantsSeen = 0;
  let written = 0;
  for (let after = 0; ;) {
    if (stopped.has(db)) return { plants: plantsSeen, written };
    const plants = await repo.plantsAfter(db, after, SLICE);
    if (!plants.length) break;
    after = plants[plants.length - 1]!.id;
    const plantToday = new Map<number, string>();
    for (const p of plants) {
      let day = todayOf.get(p.time_zone);
      if (!day) {
        day = localDay(now, p.time_zone);
        todayOf.set(p.time_zone, day);
      }
      plantToday.set(p.id, day);
    }
    written += await refreshSlice(db, cache, dialect, plantToday, refreshClosed, now);
    plantsSeen += plants.length;
    await yieldLoop();
  }
  if (refreshClosed) cache.closedAt = now;
  return { plants: plantsSeen, written };
}

/** The figures of a row (not its updated_at), to tell whether it needs writing. */
const statsKey = (r: PlantStatsTable) =>
  `${[r.power_w, r.energy_today, r.energy_month, r.energy_year, r.energy_total, r.devices, r.devices_online, r.open_faults].map(Number).join('|')}|${r.status}|${r.data_updated_at ?? ''}`;

async function refreshSlice(
  db: Kysely<Database>,
  cache: Cache,
  dialect: DialectName,
  plantToday: Map<number, string>,
  refreshClosed: boolean,
  now: number,
): Promise<number> {
  const ids = [...plantToday.keys()];
  const from = ids[0]!;
  const to = ids[ids.length - 1]!;
  const todays = [...new Set(plantToday.values())];
  const devices = await repo.deviceFigures(db, dialect, from, to);
  const faults = await repo.openFaultCounts(db, from, to);
  const todayRows = await repo.inverterEnergyOfDays(db, from, to, todays);

  const today = new Map<number, number>();
  for (const r of todayRows) if (plantToday.get(r.plant_id!) === r.day) today.set(r.plant_id!, Number(r.kwh));

  const stale = refreshClosed || ids.some((id) => cache.closed.get(id)?.today !== plantToday.get(id));
  if (stale) {
    for (let i = 0; i < ids.length; i += CLOSED_SLICE) {
      const part = ids.slice(i, i + CLOSED_SLICE);
      const sub = new Map(part.map((id) => [id, plantToday.get(id)!]));
      for (const [id, c] of await closedSums(db, part[0]!, part[part.length - 1]!, sub, today)) cache.closed.set(id, c);
      await yieldLoop();
    }
  }

  const current = new Map((await repo.plantStatsRows(db, from, to)).map((r) => [r.plant_id, statsKey(r)]));
  const byPlant = new Map(devices.map((d) => [d.plant_id!, d]));
  const openFaults = new Map(faults.map((f) => [f.plant_id!, Number(f.n)]));
  const rows: PlantStatsTable[] = [];
  for (const id of ids) {
    const d = byPlant.get(id);
    const closed = cache.closed.get(id);
    const t = today.get(id) ?? 0;
    const faultsOpen = openFaults.get(id) ?? 0;
    const online = Number(d?.online ?? 0);
    const row: PlantStatsTable = {
      plant_id: id,
      power_w: round(Number(d?.power ?? 0), 1),
      energy_today: round(t),
      energy_month: round((closed?.month ?? 0) + t),
      energy_year: round((closed?.year ?? 0) + t),
      energy_total: round((closed?.total ?? 0) + t),
      status: faultsOpen > 0 || Number(d?.failure ?? 0) > 0 ? 'fault' : online > 0 ? 'online' : 'offline',
      devices: Number(d?.devices ?? 0),
      devices_online: online,
      open_faults: faultsOpen,
      data_updated_at: d?.updated == null ? null : Number(d.updated),
      updated_at: now,
    };
    if (current.get(id) !== statsKey(row)) rows.push(row);
  }
  if (rows.length) await writeStats(db, rows);
  return rows.length;
}

/** Month / year / total of the days before each plant's today (today's energy is subtracted). */
async function closedSums(
  db: Kysely<Database>,
  from: number,
  to: number,
  plantToday: Map<number, string>,
  today: Map<number, number>,
): Promise<Map<number, Closed>> {
  const rows = await repo.inverterEnergyPerMonth(db, from, to);
  const out = new Map<number, Closed>();
  for (const [id, day] of plantToday) out.set(id, { today: day, month: 0, year: 0, total: 0 });
  for (const r of rows) {
    const c = out.get(r.plant_id!);
    if (!c) continue;
    const kwh = Number(r.kwh);
    c.total += kwh;
    if (r.month.slice(0, 4) === c.today.slice(0, 4)) c.year += kwh;
    if (r.month === c.today.slice(0, 7)) c.month += kwh;
  }
  for (const [id, c] of out) {
    const t = today.get(id) ?? 0;
    c.month -= t;
    c.year -= t;
    c.total -= t;
  }
  return out;
}

/**
 * Writes a slice's figures. A plant deleted while they were computed (its stats row went with it)
 * fails the write on its key: the figures of the plants still there are written again without it,
 * rather than the whole slice waiting for the next run.
 */
export async function writeStats(db: Kysely<Database>, rows: PlantStatsTable[]): Promise<void> {
  try {
    await inTransaction(db, (trx) => repo.upsertPlantStats(trx, rows));
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
    const live = new Set(
      await repo.existingPlantIds(
        db,
        rows.map((r) => r.plant_id),
      ),
    );
    const kept = rows.filter((r) => live.has(r.plant_id));
    if (kept.length) await inTransaction(db, (trx) => repo.upsertPlantStats(trx, kept));
  }
}
