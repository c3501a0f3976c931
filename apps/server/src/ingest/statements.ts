import type SQLite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { StoredBucket } from './rollup.js';

/**
 * The statements the ingest pipeline runs for every batch, written by hand for speed (building
 * them with Kysely cost more than running them):
 * - SQLite: prepared once, run synchronously row by row on the connection of the pipeline's
 *   transaction (Kysely holds that one connection for the whole transaction, so these rows are in it);
 * - PostgreSQL: one statement per table and batch over `unnest` arrays, rows locked in key order
 *   (the same order in every server process, so two of them wait for each other instead of deadlocking).
 */
export interface SampleRow {
  device_id: number;
  ts: number;
  points: string;
}
export interface DeviceState {
  id: number;
  /** last online time candidate: kept only when newer than the stored one */
  seen: number;
  /** JSON of the latest points, null to keep the stored ones (kept too when `seen` is older than the stored time: a late sample) */
  points: string | null;
  /** null to keep the stored run state (kept too for a late sample) */
  run: 'run' | 'stop' | 'normal' | null;
}
export interface Counter {
  device_id: number;
  last_ts: number;
  last_total: number;
}
export interface DailyIncrement {
  device_id: number;
  day: string;
  energy_kwh: number;
}
export interface RollupRow extends StoredBucket {
  device_id: number;
  bucket: number;
}

/** A device's late samples: the earliest and the latest of them. */
export interface LateWindow {
  device_id: number;
  first: number;
  last: number;
}
export interface StoredSample {
  device_id: number;
  ts: number;
  points: string;
}
export interface Ack {
  device_id: number;
  cmd_id: string;
  status: 'success' | 'failed';
  content: string | null;
}

/** A window's margin around the samples next to the late ones: more than a local day (25 h with DST). */
const MARGIN_MS = 26 * 3_600_000;

export interface HotStatements {
  /** Inserts the samples (a repeated (device, ts) is skipped); answers those actually stored. */
  insertSamples(
    trx: Transaction<Database>,
    rows: SampleRow[],
    receivedAt: number,
  ): Promise<{ device_id: number; ts: number }[]>;
  /** Online, last online time (never backwards), latest points and run state (not from a sample older than the stored time); `list` sorted by id. */
  updateDevices(trx: Transaction<Database>, list: DeviceState[]): Promise<void>;
  /** The counters of these devices (sorted), locked until the commit on PostgreSQL. */
  readCounters(trx: Transaction<Database>, ids: number[]): Promise<Counter[]>;
  writeCounters(trx: Transaction<Database>, rows: Counter[]): Promise<void>;
  /** Adds kWh to (device, day) rows. */
  addDaily(trx: Transaction<Database>, rows: DailyIncrement[], now: number): Promise<void>;
  /** The stored 5-minute buckets among these keys (sorted by device, bucket), locked on PostgreSQL. */
  readRollups(trx: Transaction<Database>, keys: { device_id: number; bucket: number }[]): Promise<RollupRow[]>;
  writeRollups(trx: Transaction<Database>, rows: RollupRow[]): Promise<void>;
  /**
   * Per device, what recomputing the days of its late samples needs: the samples from 26 h before
   * the stored sample preceding `first` to 26 h after the one following `last` (every local day
   * from the one before the late samples to the one after them, however long the gaps), and the
   * nearest sample on each side of that range; sorted by device and time.
   */
  readWindows(trx: Transaction<Database>, windows: LateWindow[]): Promise<StoredSample[]>;
  /** Sets (device, day) energy to recomputed figures. */
  setDaily(trx: Transaction<Database>, rows: DailyIncrement[], now: number): Promise<void>;
  /** Command results: processing or unknown → success / failed with the ack content. */
  settleCommands(trx: Transaction<Database>, acks: Ack[], now: number): Promise<void>;
  /** At the start of each batch's transaction. */
  begin?(): void;
  /** What is kept between batches is no longer to be trusted (the batch that wrote it rolled back). */
  forget?(): void;
}

export function sqliteStatements(handle: SQLite.Database): HotStatements {
  const insertSample = handle.prepare(
    'insert into samples (device_id, ts, points, received_at) values (?, ?, ?, ?) on conflict (device_id, ts) do nothing',
  );
  const updateDevice = handle.prepare(
    "update devices set online_state = 'online', last_online_at = case when last_online_at is null or last_online_at < ? then ? else last_online_at end, last_points = case when last_online_at is null or last_online_at <= ? then coalesce(?, last_points) else last_points end, run_state = case when run_state = 'failure' or last_online_at > ? then run_state else coalesce(?, run_state) end where id = ?",
  );
  const readCounter = handle.prepare('select device_id, last_ts, last_total from device_counters where device_id = ?');
  const writeCounter = handle.prepare(
    'insert into device_counters (device_id, last_ts, last_total) values (?, ?, ?) on conflict (device_id) do update set last_ts = excluded.last_ts, last_total = excluded.last_total',
  );
  const addDaily = handle.prepare(
    'insert into device_daily (device_id, day, energy_kwh, updated_at) values (?, ?, ?, ?) on conflict (device_id, day) do update set energy_kwh = device_daily.energy_kwh + excluded.energy_kwh, updated_at = excluded.updated_at',
  );
  const readRollup = handle.prepare(
    'select device_id, bucket, n, points, point_n from device_rollup_5m where device_id = ? and bucket = ?',
  );
  const writeRollup = handle.prepare(
    'insert into device_rollup_5m (device_id, bucket, n, points, point_n) values (?, ?, ?, ?, ?) on conflict (device_id, bucket) do update set n = excluded.n, points = excluded.points, point_n = excluded.point_n',
  );
  const inWindow = handle.prepare(
    'select device_id, ts, points from samples where device_id = ? and ts >= ? and ts <= ? order by ts',
  );
  const before = handle.prepare(
    'select device_id, ts, points from samples where device_id = ? and ts < ? order by ts desc limit 1',
  );
  const after = handle.prepare(
    'select device_id, ts, points from samples where device_id = ? and ts > ? order by ts limit 1',
  );
  const setDaily = handle.prepare(
    'insert into device_daily (device_id, day, energy_kwh, updated_at) values (?, ?, ?, ?) on conflict (device_id, day) do update set energy_kwh = excluded.energy_kwh, updated_at = excluded.updated_at',
  );
  // the sender's own command, or one of its sub devices' (a collector answers for its inverters)
  const settle = handle.prepare(
    "update commands set status = ?, ack_content = ?, updated_at = ? where cmd_id = ? and (device_id = ? or device_id in (select id from devices where parent_id = ?)) and status in ('processing', 'unknown')",
  );
  // What the pipeline last wrote, kept between batches so that the next batch need not read it
  // back: each device's counter and its latest 5-minute bucket. Only this connection writes them
  // while it ingests; another connection's commit (a second process on the same file) changes
  // the data_version, and then everything kept is dropped.
  const counters = new Map<number, Counter>();
  const buckets = new Map<number, RollupRow>();
  let dataVersion: unknown;
  const forget = () => {
    counters.clear();
    buckets.clear();
  };
  return {
    begin: () => {
      const v = handle.pragma('data_version', { simple: true });
      if (v !== dataVersion) forget();
      dataVersion = v;
    },
    forget,
    readWindows: async (_trx, windows) => {
      const out: StoredSample[] = [];
      for (const w of windows) {
        const from = ((before.get(w.device_id, w.first) as StoredSample | undefined)?.ts ?? w.first) - MARGIN_MS;
        const to = ((after.get(w.device_id, w.last) as StoredSample | undefined)?.ts ?? w.last) + MARGIN_MS;
        const first = before.get(w.device_id, from) as StoredSample | undefined;
        if (first) out.push(first);
        out.push(...(inWindow.all(w.device_id, from, to) as StoredSample[]));
        const last = after.get(w.device_id, to) as StoredSample | undefined;
        if (last) out.push(last);
      }
      return out;
    },
    setDaily: async (_trx, rows, now) => {
      for (const r of rows) setDaily.run(r.device_id, r.day, r.energy_kwh, now);
    },
    settleCommands: async (_trx, acks, now) => {
      for (const a of acks) settle.run(a.status, a.content, now, a.cmd_id, a.device_id, a.device_id);
    },
    insertSamples: async (_trx, rows, receivedAt) => {
      const stored: { device_id: number; ts: number }[] = [];
      for (const r of rows)
        if (insertSample.run(r.device_id, r.ts, r.points, receivedAt).changes === 1)
          stored.push({ device_id: r.device_id, ts: r.ts });
      return stored;
    },
    updateDevices: async (_trx, list) => {
      for (const d of list) updateDevice.run(d.seen, d.seen, d.seen, d.points, d.seen, d.run, d.id);
    },
    readCounters: async (_trx, ids) => {
      const out: Counter[] = [];
      for (const id of ids) {
        const c = counters.get(id) ?? (readCounter.get(id) as Counter | undefined);
        if (c) out.push(c);
      }
      return out;
    },
    writeCounters: async (_trx, rows) => {
      for (const c of rows) {
        writeCounter.run(c.device_id, c.last_ts, c.last_total);
        counters.set(c.device_id, c);
      }
    },
    addDaily: async (_trx, rows, now) => {
      for (const r of rows) addDaily.run(r.device_id, r.day, r.energy_kwh, now);
    },
    readRollups: async (_trx, keys) => {
      const out: RollupRow[] = [];
      for (const k of keys) {
        const kept = buckets.get(k.device_id);
        const r = kept?.bucket === k.bucket ? kept : (readRollup.get(k.device_id, k.bucket) as RollupRow | undefined);
        if (r) out.push(r);
      }
      return out;
    },
    writeRollups: async (_trx, rows) => {
      for (const r of rows) {
        writeRollup.run(r.device_id, r.bucket, r.n, r.points, r.point_n);
        // the device's latest bucket (a late sample's older one is not kept)
        if (!(r.bucket < (buckets.get(r.device_id)?.bucket ?? -Infinity))) buckets.set(r.device_id, r);
      }
    },
  };
}

export const postgresStatements: HotStatements = {
  readWindows: async (trx, windows) => {
    if (!windows.length) return [];
    const d = windows.map((w) => w.device_id);
    const f = windows.map((w) => w.first);
    const l = windows.map((w) => w.last);
    const { rows } = await sql<StoredSample>`
      with w as (
        select v.d,
          coalesce((select max(ts) from samples where device_id = v.d and ts < v.f), v.f) - ${MARGIN_MS}::bigint as f,
          coalesce((select min(ts) from samples where device_id = v.d and ts > v.l), v.l) + ${MARGIN_MS}::bigint as t
        from unnest(${d}::int[], ${f}::bigint[], ${l}::bigint[]) as v(d, f, l)
      )
      (select s.device_id, s.ts, s.points from samples s join w on s.device_id = w.d and s.ts >= w.f and s.ts <= w.t)
      union all
      (select b.device_id, b.ts, b.points from w cross join lateral (select device_id, ts, points from samples where device_id = w.d and ts < w.f order by ts desc limit 1) b)
      union all
      (select a.device_id, a.ts, a.points from w cross join lateral (select device_id, ts, points from samples where device_id = w.d and ts > w.t order by ts limit 1) a)
      order by device_id, ts`.execute(trx);
    return rows;
  },
  setDaily: async (trx, rows, now) => {
    if (!rows.length) return;
    await sql`
      insert into device_daily (device_id, day, energy_kwh, updated_at)
      select d, day, kwh, ${now}::bigint from unnest(${rows.map((r) => r.device_id)}::int[], ${rows.map((r) => r.day)}::text[], ${rows.map((r) => r.energy_kwh)}::float8[]) as v(d, day, kwh)
      on conflict (device_id, day) do update set energy_kwh = excluded.energy_kwh, updated_at = excluded.updated_at`.execute(
      trx,
    );
  },
  settleCommands: async (trx, acks, now) => {
    if (!acks.length) return;
    await sql`
      update commands as c set status = v.status, ack_content = v.content, updated_at = ${now}::bigint
      from unnest(${acks.map((a) => a.cmd_id)}::text[], ${acks.map((a) => a.device_id)}::int[], ${acks.map((a) => a.status)}::text[], ${acks.map((a) => a.content)}::text[]) as v(cmd_id, device_id, status, content)
      where c.cmd_id = v.cmd_id and c.status in ('processing', 'unknown')
        and (c.device_id = v.device_id or c.device_id in (select id from devices where parent_id = v.device_id))`.execute(
      trx,
    );
  },
  insertSamples: async (trx, rows, receivedAt) => {
    if (!rows.length) return [];
    const { rows: stored } = await sql<{ device_id: number; ts: number }>`
      insert into samples (device_id, ts, points, received_at)
      select d, t, p, ${receivedAt}::bigint from unnest(${rows.map((r) => r.device_id)}::int[], ${rows.map((r) => r.ts)}::bigint[], ${rows.map((r) => r.points)}::text[]) as v(d, t, p)
      on conflict (device_id, ts) do nothing
      returning device_id, ts`.execute(trx);
    return stored;
  },
  updateDevices: async (trx, list) => {
    if (!list.length) return;
    const ids = list.map((d) => d.id);
    // lock in id order first: an UPDATE … FROM locks rows in whatever order its join runs. The
    // lock of an UPDATE (no key update), not FOR UPDATE: that would conflict with the key-share
    // locks the foreign keys of other batches' sample inserts hold on the same device rows
    await sql`select id from devices where id = any(${ids}::int[]) order by id for no key update`.execute(trx);
    await sql`
      update devices as d set
        online_state = 'online',
        last_online_at = case when d.last_online_at is null or d.last_online_at < v.seen then v.seen else d.last_online_at end,
        last_points = case when d.last_online_at is null or d.last_online_at <= v.seen then coalesce(v.points, d.last_points) else d.last_points end,
        run_state = case when d.run_state = 'failure' or d.last_online_at > v.seen then d.run_state else coalesce(v.run, d.run_state) end
      from unnest(${ids}::int[], ${list.map((d) => d.seen)}::bigint[], ${list.map((d) => d.points)}::text[], ${list.map((d) => d.run)}::text[]) as v(id, seen, points, run)
      where d.id = v.id`.execute(trx);
  },
  readCounters: async (trx, ids) => {
    if (!ids.length) return [];
    return (
      await sql<Counter>`select device_id, last_ts, last_total from device_counters where device_id = any(${ids}::int[]) order by device_id for update`.execute(
        trx,
      )
    ).rows;
  },
  writeCounters: async (trx, rows) => {
    if (!rows.length) return;
    await sql`
      insert into device_counters (device_id, last_ts, last_total)
      select * from unnest(${rows.map((r) => r.device_id)}::int[], ${rows.map((r) => r.last_ts)}::bigint[], ${rows.map((r) => r.last_total)}::float8[])
      on conflict (device_id) do update set last_ts = excluded.last_ts, last_total = excluded.last_total`.execute(trx);
  },
  addDaily: async (trx, rows, now) => {
    if (!rows.length) return;
    await sql`
      insert into device_daily (device_id, day, energy_kwh, updated_at)
      select d, day, kwh, ${now}::bigint from unnest(${rows.map((r) => r.device_id)}::int[], ${rows.map((r) => r.day)}::text[], ${rows.map((r) => r.energy_kwh)}::float8[]) as v(d, day, kwh)
      on conflict (device_id, day) do update set energy_kwh = device_daily.energy_kwh + excluded.energy_kwh, updated_at = excluded.updated_at`.execute(
      trx,
    );
  },
  readRollups: async (trx, keys) => {
    if (!keys.length) return [];
    return (
      await sql<RollupRow>`
        select r.device_id, r.bucket, r.n, r.points, r.point_n from device_rollup_5m r
        join unnest(${keys.map((k) => k.device_id)}::int[], ${keys.map((k) => k.bucket)}::bigint[]) as v(d, b) on r.device_id = v.d and r.bucket = v.b
        order by r.device_id, r.bucket for update of r`.execute(trx)
    ).rows;
  },
  writeRollups: async (trx, rows) => {
    if (!rows.length) return;
    await sql`
      insert into device_rollup_5m (device_id, bucket, n, points, point_n)
      select * from unnest(${rows.map((r) => r.device_id)}::int[], ${rows.map((r) => r.bucket)}::bigint[], ${rows.map((r) => r.n)}::int[], ${rows.map((r) => r.points)}::text[], ${rows.map((r) => r.point_n)}::text[])
      on conflict (device_id, bucket) do update set n = excluded.n, points = excluded.points, point_n = excluded.point_n`.execute(
      trx,
    );
  },
};
