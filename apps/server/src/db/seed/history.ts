import { DASHBOARD_BUCKET_MS, localDay, type Points } from '@pv/contract';
import { simulateHistory, type SimPlant } from '@pv/simulator';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { sqliteHandle } from '../dialect.js';
import { DeviceSeries } from '../../ingest/index.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const FIVE_MIN = 300_000;
/** Step of the older days: the day's energy is the sum of power × step (the curve is smooth). */
const COARSE_MS = 60 * 60_000;
const CHUNK = 400;

export interface BackfillOptions {
  seed: number;
  now: number;
  /** plant-local days of daily energy before today (default 400) */
  days?: number;
  /** days before today that also get 5-minute averages (default 2; today always does) */
  detailDays?: number;
}

export interface DeviceRef {
  id: number;
  orgId: number;
}

/**
 * Demo history (DEMO, first seed only): the simulator's own model run over the past ~400 days
 * of every plant, stored as the live pipeline would have stored it — daily energy per device
 * (device_daily), 5-minute averages of every
 * reported point for today and the two days before (device_rollup_5m), the organisations' power
 * curve of those days (org_power_5m) and each counter's last reading (device_counters), each
 * device's rows from the ingest's own `seriesRows`. No raw samples. The live simulator resumes the counters from device_counters (see resumeCounters), so
 * the first live reading continues the history without a jump.
 */
export async function backfillDemoHistory(
  db: Kysely<Database>,
  plants: SimPlant[],
  devices: Map<string, DeviceRef>,
  options: BackfillOptions,
): Promise<{ daily: number; buckets: number; simulateMs: number; writeMs: number }> {
  const started = performance.now();
  const now = options.now;
  const days = options.days ?? 400;
  const detailFrom = Math.floor((now - ((options.detailDays ?? 2) + 1) * DAY) / HOUR) * HOUR;
  const from = Math.floor((now - (days + 1) * DAY) / HOUR) * HOUR;
  const to = now - (now % FIVE_MIN);
  const daily: { device_id: number; day: string; energy_kwh: number; updated_at: number }[] = [];
  const counters: { device_id: number; last_ts: number; last_total: number }[] = [];
  const rollups: { device_id: number; bucket: number; n: number; points: string; point_n: string | null }[] = [];
  const orgPower = new Map<string, { org_id: number; bucket: number; power_w: number; n: number }>();
  for (const plant of plants) {
    // the first day began before the simulation did: it is left out
    const rowsOptions = {
      timeZone: plant.timeZone,
      fromDay: localDay(now - days * DAY, plant.timeZone),
      rollupFrom: detailFrom,
    };
    const series = new Map<number, DeviceSeries>();
    const note = (sn: string, ts: number, points: Points, type: string, detail: boolean) => {
      const ref = devices.get(sn);
      if (!ref) return;
      let device = series.get(ref.id);
      if (!device) series.set(ref.id, (device = new DeviceSeries(rowsOptions)));
      device.add(ts, points);
      if (detail && type === 'inverter' && typeof points.acPower === 'number') {
        const bucket = Math.floor(ts / DASHBOARD_BUCKET_MS) * DASHBOARD_BUCKET_MS;
        const key = `${ref.orgId}:${bucket}`;
        const row = orgPower.get(key) ?? { org_id: ref.orgId, bucket, power_w: 0, n: 1 };
        row.power_w += points.acPower;
        orgPower.set(key, row);
      }
    };
    const types = new Map(plant.devices.map((d) => [d.sn, d.type]));
    simulateHistory(
      plant,
      { seed: options.seed, from, to, stepAt: (ts) => (ts + COARSE_MS <= detailFrom ? COARSE_MS : FIVE_MIN) },
      (ts, out) => {
        const detail = ts >= detailFrom;
        for (const o of out) {
          if (o.kind !== 'telemetry') continue;
          note(o.sn, ts, o.payload.points, types.get(o.sn) ?? '', detail);
          for (const sub of o.payload.sub ?? []) note(sub.sn, ts, sub.points, 'inverter', detail);
        }
      },
    );
    for (const [deviceId, device] of series) {
      const rows = device.rows();
      for (const r of rows.daily) daily.push({ device_id: deviceId, ...r, updated_at: now });
      for (const r of rows.rollups) rollups.push({ device_id: deviceId, ...r });
      if (rows.counter) counters.push({ device_id: deviceId, ...rows.counter });
    }
  }
  const power = [...orgPower.values()].map((r) => ({ ...r, power_w: Math.round(r.power_w * 10) / 10 }));
  const simulated = performance.now();
  const handle = sqliteHandle(db);
  if (handle) {
    // SQLite: one transaction of prepared statements, the fastest way in
    const insert = (sqlText: string, rows: unknown[][]) => {
      const st = handle.prepare(sqlText);
      for (const r of rows) st.run(...r);
    };
    handle.transaction(() => {
      insert(
        'insert into device_daily (device_id, day, energy_kwh, updated_at) values (?, ?, ?, ?)',
        daily.map((r) => [r.device_id, r.day, r.energy_kwh, r.updated_at]),
      );
      insert(
        'insert into device_rollup_5m (device_id, bucket, n, points, point_n) values (?, ?, ?, ?, ?)',
        rollups.map((r) => [r.device_id, r.bucket, r.n, r.points, r.point_n]),
      );
      insert(
        'insert into org_power_5m (org_id, bucket, power_w, n) values (?, ?, ?, ?)',
        power.map((r) => [r.org_id, r.bucket, r.power_w, r.n]),
      );
      insert(
        'insert into device_counters (device_id, last_ts, last_total) values (?, ?, ?)',
        counters.map((r) => [r.device_id, r.last_ts, r.last_total]),
      );
    })();
  } else
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < daily.length; i += CHUNK)
        await trx
          .insertInto('device_daily')
          .values(daily.slice(i, i + CHUNK))
          .execute();
      for (let i = 0; i < rollups.length; i += CHUNK)
        await trx
          .insertInto('device_rollup_5m')
          .values(rollups.slice(i, i + CHUNK))
          .execute();
      for (let i = 0; i < power.length; i += CHUNK)
        await trx
          .insertInto('org_power_5m')
          .values(power.slice(i, i + CHUNK))
          .execute();
      for (let i = 0; i < counters.length; i += CHUNK)
        await trx
          .insertInto('device_counters')
          .values(counters.slice(i, i + CHUNK))
          .execute();
    });
  return {
    daily: daily.length,
    buckets: rollups.length,
    simulateMs: Math.round(simulated - started),
    writeMs: Math.round(performance.now() - simulated),
  };
}

/**
 * Where each demo device's counter resumes: its last stored reading and today's energy so far,
 * so a restarted (or just backfilled) fleet continues its counters instead of starting over.
 */
export async function resumeCounters(
  db: Kysely<Database>,
  plants: SimPlant[],
  now: number,
): Promise<Map<string, { energyTotal: number; energyToday: number; day: string }>> {
  const zone = new Map<string, string>();
  for (const p of plants)
    for (const d of p.devices) for (const sn of [d.sn, ...(d.subs ?? []).map((s) => s.sn)]) zone.set(sn, p.timeZone);
  const out = new Map<string, { energyTotal: number; energyToday: number; day: string }>();
  const sns = [...zone.keys()];
  for (let i = 0; i < sns.length; i += 500) {
    const rows = await db
      .selectFrom('devices as d')
      .innerJoin('device_counters as c', 'c.device_id', 'd.id')
      .select(['d.id', 'd.sn', 'c.last_total'])
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
      const day = localDay(now, zone.get(r.sn)!);
      out.set(r.sn, { energyTotal: Number(r.last_total), energyToday: today.get(`${r.id}|${day}`) ?? 0, day });
    }
  }
  return out;
}
