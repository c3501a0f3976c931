import {
  DASHBOARD_BUCKET_MS,
  DASHBOARD_FAULT_WINDOW_DAYS,
  DASHBOARD_OFFLINE_WINDOW_DAYS,
  localDay,
} from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DialectName } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import type { StatsBusEvent } from '../../plugins/bus.js';
import { threadTask } from '../../plugins/jobs-thread.js';
import * as repo from './dashboard-refresh.repository.js';

const DAY = 86_400_000;
/** The 5-minute power buckets are kept this long (today's curve needs at most 26 hours). */
const POWER_RETENTION_MS = 35 * DAY;
/** Production is summed again at most this often (ms): it moves slowly and reads every device's day. */
const ENERGY_EVERY_MS = 60_000;
/** devices read per statement by the refresh */
const DEVICE_SLICE = 2_000;

/**
 * Where the previous refresh stopped, to publish only what is new: when it ran, when it summed
 * production, the last fault it announced. Several server processes take turns at the refresh
 * (app.ts, plugins/jobs.ts), so this travels with the job from one run to the next; what each
 * organisation's figures were is read back from org_snapshot, never kept in a process.
 */
export interface RefreshState {
  at?: number;
  energyAt?: number;
  maxFaultId?: number;
  /** a refresh is under way (a slow one is not started twice) */
  running?: boolean;
}

export const newRefreshState = (): RefreshState => ({});

/**
 * The dashboard's periodic job (every DASHBOARD_TICK_MS, registered in index.ts): per organisation the
 * current power, offline devices and recent faults (org_snapshot), the 5-minute power curve
 * (org_power_5m) and, every minute, the production of the days still growing (org_daily_energy).
 * Answers the compact event to publish (null when nothing changed).
 *
 * Why a tick and not a publish from the ingest pipeline: the pipeline's hot path stays untouched
 * (it is tuned for throughput), and the console needs at most one refresh per few seconds anyway;
 * one event per tick (run by one of the server processes, published on the bus to all of them)
 * carries every organisation, plant and fault that changed.
 */
export async function refreshDashboard(
  db: Kysely<Database>,
  dialect: DialectName,
  state: RefreshState,
  now = Date.now(),
): Promise<StatsBusEvent | null> {
  if (state.running) return null;
  state.running = true;
  try {
    return await refreshOnce(db, dialect, state, now);
  } finally {
    state.running = false;
  }
}

async function refreshOnce(
  db: Kysely<Database>,
  dialect: DialectName,
  state: RefreshState,
  now: number,
): Promise<StatsBusEvent | null> {
  const since = state.at ?? now - DASHBOARD_BUCKET_MS;

  // one pass over the devices (a slice at a time): power of the online inverters, devices gone offline within the window
  const devices = new Map<number, { org_id: number; power: number; offline: number }>();
  await overDeviceSlices(db, async (lo, hi) => {
    const part = await repo.orgDeviceFigures(db, dialect, lo, hi, now - DASHBOARD_OFFLINE_WINDOW_DAYS * DAY);
    for (const r of part) {
      const org = devices.get(r.org_id) ?? { org_id: r.org_id, power: 0, offline: 0 };
      org.power += Number(r.power ?? 0);
      org.offline += Number(r.offline ?? 0);
      devices.set(r.org_id, org);
    }
  });
  const faults = await repo.orgFaultCounts(db, now - DASHBOARD_FAULT_WINDOW_DAYS * DAY);

  const rows = new Map<
    number,
    { org_id: number; power_w: number; devices_offline: number; faults: number; updated_at: number }
  >();
  for (const d of devices.values())
    rows.set(d.org_id, {
      org_id: d.org_id,
      power_w: Math.round(d.power * 10) / 10,
      devices_offline: d.offline,
      faults: 0,
      updated_at: now,
    });
  for (const f of faults) {
    const row = rows.get(f.org_id) ?? { org_id: f.org_id, power_w: 0, devices_offline: 0, faults: 0, updated_at: now };
    row.faults = Number(f.n);
    rows.set(f.org_id, row);
  }
  const values = [...rows.values()].sort((a, b) => a.org_id - b.org_id);
  const bucket = Math.floor(now / DASHBOARD_BUCKET_MS) * DASHBOARD_BUCKET_MS;
  // against what the previous refresh wrote, whichever process ran it
  const keyOf = (v: { power_w: number; devices_offline: number; faults: number }) =>
    `${Number(v.power_w)}|${Number(v.devices_offline)}|${Number(v.faults)}`;
  const previous = new Map((await repo.orgSnapshotFigures(db)).map((r) => [r.org_id, keyOf(r)]));
  const changedOrgs = new Set<number>();
  for (const v of values) if (previous.get(v.org_id) !== keyOf(v)) changedOrgs.add(v.org_id);
  for (const orgId of previous.keys()) if (!rows.has(orgId)) changedOrgs.add(orgId);

  await inTransaction(db, async (trx) => {
    await repo.upsertOrgSnapshots(trx, values);
    await repo.addOrgPowerReadings(trx, bucket, values);
    // organisations without devices or faults any more
    await repo.deleteOrgSnapshotsBefore(trx, now);
    if (!state.at || Math.floor(state.at / 3_600_000) !== Math.floor(now / 3_600_000))
      await repo.deleteOrgPowerBefore(trx, now - POWER_RETENTION_MS);
  });

  if (state.energyAt === undefined || now - state.energyAt >= ENERGY_EVERY_MS) {
    await refreshEnergy(db, now);
    state.energyAt = now;
  }

  // plants that reported and faults opened since the previous refresh
  const reported = await repo.plantsReportedSince(db, since);
  let newFaults: { id: number; org_id: number; plant_id: number | null }[] = [];
  if (state.maxFaultId === undefined) {
    state.maxFaultId = await repo.maxFaultId(db);
  } else {
    newFaults = await repo.faultsAfter(db, state.maxFaultId);
    if (newFaults.length) state.maxFaultId = newFaults[newFaults.length - 1]!.id;
  }
  state.at = now;
  for (const r of reported) changedOrgs.add(r.org_id);
  for (const f of newFaults) changedOrgs.add(f.org_id);
  if (!changedOrgs.size) return null;
  // the plants that reported, and those with a new fault (their faults tab changed)
  const plants = new Map<number, number>(reported.map((r) => [r.plant_id!, r.org_id]));
  for (const f of newFaults) if (f.plant_id !== null) plants.set(f.plant_id, f.org_id);
  return {
    type: 'stats',
    at: now,
    orgIds: [...changedOrgs].sort((a, b) => a - b),
    plants: [...plants],
    faults: newFaults.map((f) => [f.id, f.org_id] as [number, number]),
  };
}

/**
 * Runs `each` over the device ids a slice at a time, giving the event loop back in between: on a
 * large fleet one statement over every device would hold every API request for as long as it runs.
 */
async function overDeviceSlices(db: Kysely<Database>, each: (lo: number, hi: number) => Promise<void>) {
  const top = await repo.maxDeviceId(db);
  for (let lo = 1; lo <= top; lo += DEVICE_SLICE) {
    await each(lo, lo + DEVICE_SLICE);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Production per organisation and plant-local day: the sums of its plants' (their inverters'
 * device_daily and what retired inverters left them; a battery's counter is throughput, not
 * production). Only the days still growing are summed again — today and yesterday in every
 * plant's time zone — except on the first run, which sums all history.
 */
export async function refreshEnergy(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const any = await repo.hasOrgDailyEnergy(db);
  let days: string[] | undefined;
  // the first run sums the history the charts show (this year and the last), once
  let from: string | undefined = `${Number(localDay(now, 'UTC').slice(0, 4)) - 1}-01-01`;
  if (any) {
    from = undefined;
    const set = new Set<string>();
    for (const zone of await repo.plantTimeZones(db)) {
      set.add(localDay(now, zone));
      set.add(localDay(now - DAY, zone));
    }
    days = [...set].sort();
    if (!days.length) return;
  }
  // per organisation, plant time zone and day (the day chart aligns each zone on its own today),
  // and per organisation and day
  const zoned = new Map<string, { org_id: number; time_zone: string; day: string; energy_kwh: number }>();
  const add = (rows: { org_id: number; time_zone: string; day: string; energy_kwh: number | string | null }[]) => {
    for (const r of rows) {
      const key = `${r.org_id}|${r.time_zone}|${r.day}`;
      const sum = zoned.get(key);
      if (sum) sum.energy_kwh += Number(r.energy_kwh ?? 0);
      else
        zoned.set(key, { org_id: r.org_id, time_zone: r.time_zone, day: r.day, energy_kwh: Number(r.energy_kwh ?? 0) });
    }
  };
  await overDeviceSlices(db, async (lo, hi) => add(await repo.orgInverterEnergy(db, lo, hi, { days, from })));
  // the production of inverters that left their plants stays with the plants' organisations
  add(await repo.orgRetiredEnergy(db, { days, from }));
  const sums = new Map<string, { org_id: number; day: string; energy_kwh: number }>();
  for (const z of zoned.values()) {
    const key = `${z.org_id}|${z.day}`;
    const sum = sums.get(key);
    if (sum) sum.energy_kwh += z.energy_kwh;
    else sums.set(key, { org_id: z.org_id, day: z.day, energy_kwh: z.energy_kwh });
  }
  const rows = [...sums.values()]
    .map((s) => ({ ...s, updated_at: now }))
    .sort((a, b) => a.org_id - b.org_id || a.day.localeCompare(b.day));
  const zoneRows = [...zoned.values()]
    .map((s) => ({ ...s, updated_at: now }))
    .sort((a, b) => a.org_id - b.org_id || a.day.localeCompare(b.day) || a.time_zone.localeCompare(b.time_zone));
  if (!rows.length) return;
  await inTransaction(db, async (trx) => {
    await repo.upsertOrgDailyEnergy(trx, rows);
    // the days summed again are written whole (a plant given another zone leaves none behind)
    if (days) await repo.deleteOrgZoneDailyEnergy(trx, days);
    await repo.upsertOrgZoneDailyEnergy(trx, zoneRows);
  });
}

export interface DashboardRun {
  event: StatsBusEvent | null;
  state: RefreshState;
}

/** The refresh as the jobs thread runs it (a SQLite file): the event to publish and the state moved on to. */
export const refreshOnThread = async (
  db: Kysely<Database>,
  { state, now }: { state: RefreshState; now: number },
): Promise<DashboardRun> => ({ event: await refreshDashboard(db, 'sqlite', state, now), state });
export const DASHBOARD_TASK = threadTask<{ state: RefreshState; now: number }, DashboardRun>(
  import.meta.url,
  'dashboard.refresh',
  'refreshOnThread',
);
