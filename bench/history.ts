// A device's point history (the device detail's data overview) over each range of the console:
// real time / 1 / 7 / 15 / 30 days, read from the 5-minute rollups and averaged per step in SQL.
// Seeds BENCH_DEVICES devices (default 200) with 31 days of 5-minute rollups each, then times one
// history read per range for a device in the middle of the table. In-process on a throw-away
// SQLite file (or BENCH_DATABASE_URL for PostgreSQL).
// Run: npm run history -w @pv/bench   (prints the figures; not a test)
import { rmSync } from 'node:fs';
import { historyWindow } from '@pv/contract';
import { sql } from 'kysely';
import { pointHistory } from '../apps/server/src/modules/device/data.repository.js';
import { benchApp } from './support.js';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 200);
const DAYS = 31;
const BUCKET = 300_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const RANGES = [0, 1, 7, 15, 30];

const { dir, app, db } = await benchApp('history');
const now = Date.now();
try {
  const t0 = performance.now();
  const org = await db.selectFrom('orgs').select('id').where('code', '=', 'ROOT').executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < DEVICES; i += 500) {
    const rows = Array.from({ length: Math.min(500, DEVICES - i) }, (_, k) => ({
      sn: `HIST${i + k}`,
      name: 'd',
      type: 'inverter' as const,
      product_id: null,
      org_id: org.id,
      plant_id: null,
      parent_id: null,
      secret_hash: null,
      mac: null,
      comm_mode: 'mqtt',
      online_state: 'online' as const,
      run_state: 'run' as const,
      hw_version: null,
      sw_version: null,
      protocol_version: null,
      last_online_at: now,
      last_points: null,
      created_at: now,
    }));
    ids.push(...(await db.insertInto('devices').values(rows).returning('id').execute()).map((r) => r.id));
  }
  // a day of buckets per statement: every point a real inverter reports, one sample a minute
  const first = Math.floor((now - DAYS * 86_400_000) / BUCKET) * BUCKET;
  await db.transaction().execute(async (trx) => {
    for (const id of ids) {
      for (let day = first; day < now; day += 86_400_000) {
        const rows = [];
        for (let b = day; b < Math.min(day + 86_400_000, now); b += BUCKET) {
          const w = Math.max(0, Math.sin(((b / 86_400_000) % 1) * Math.PI * 2 - Math.PI / 2)) * 5000;
          rows.push({
            device_id: id,
            bucket: b,
            n: 5,
            point_n: null,
            points: JSON.stringify({
              acPower: w,
              energyToday: w / 400,
              energyTotal: 4567.8,
              pvVoltage1: 410,
              pvCurrent1: w / 410,
              gridVoltage: 230.1,
              gridFrequency: 50.01,
              temperature: 35 + w / 500,
            }),
          });
        }
        await trx.insertInto('device_rollup_5m').values(rows).execute();
      }
    }
  });
  if (app.dialect === 'postgres') await sql`analyze`.execute(db);
  const total = Math.round((now - first) / BUCKET) * DEVICES;
  console.log(
    `PV Console device history benchmark: ${app.dialect}, ${DEVICES} devices × ${DAYS} days of 5-minute rollups (about ${total.toLocaleString('en')} rows); set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const device = ids[Math.floor(ids.length / 2)]!;
  for (const range of RANGES) {
    const { from, to, stepMs } = historyWindow(range, Date.now());
    let points = 0;
    for (let i = 0; i < 5; i++)
      points = (await pointHistory(db, app.dialect, device, 'acPower', from, to, stepMs)).length;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await pointHistory(db, app.dialect, device, 'acPower', from, to, stepMs);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
    console.log(
      `${(range === 0 ? 'real time' : `${range} days`).padEnd(10)} step ${String(stepMs / 60_000).padStart(3)} min   ${String(points).padStart(4)} points   p50 ${at(0.5)} ms   p99 ${at(0.99)} ms`,
    );
  }
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
