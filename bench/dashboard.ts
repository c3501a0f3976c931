// The dashboard with 10,000 plants and 100,000 devices: time of one refresh of its rollups (the
// periodic job) and of one dashboard request, for the administrator (every plant) and an agent
// (its organisation subtree). In-process on a throw-away SQLite file (or BENCH_DATABASE_URL).
// Run: npm run dashboard -w @pv/bench   (prints the figures; not a test)
import { rmSync } from 'node:fs';
import { localDay } from '@pv/contract';
import { sql } from 'kysely';
import { newRefreshState, refreshDashboard } from '../apps/server/src/modules/dashboard/dashboard.refresh.js';
import { benchApp, seedBenchOrgs } from './support.js';

const PLANTS = Number(process.env.BENCH_PLANTS ?? 10_000);
const DEVICES_PER_PLANT = 10;
const ORGS = 200;
const DAYS = Number(process.env.BENCH_DAYS ?? 7);
const DAY = 86_400_000;

const { dir, app, db } = await benchApp('dash');
const now = Date.now();
try {
  const t0 = performance.now();
  const orgIds = await seedBenchOrgs(db, ORGS, now);
  const zones = ['Asia/Shanghai', 'Europe/Madrid', 'America/New_York', 'Australia/Sydney'];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < PLANTS; i += 500) {
      const rows = Array.from({ length: Math.min(500, PLANTS - i) }, (_, k) => ({
        org_id: orgIds[(i + k) % ORGS]!,
        name: `Bench plant ${i + k}`,
        capacity_wp: 5000 + ((i + k) % 50) * 1000,
        country: null,
        time_zone: zones[(i + k) % zones.length]!,
        latitude: null,
        longitude: null,
        address: null,
        install_position: 'roof',
        installed_at: now - 400 * DAY,
        created_at: now,
      }));
      await trx.insertInto('plants').values(rows).execute();
    }
  });
  const plants = await db.selectFrom('plants').select(['id', 'org_id', 'time_zone', 'capacity_wp']).execute();
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < plants.length; i += 200) {
      await trx
        .insertInto('plant_stats')
        .values(
          plants.slice(i, i + 200).map((p, k) => ({
            plant_id: p.id,
            power_w: p.capacity_wp * 0.4,
            energy_today: 10 + (k % 7),
            energy_month: 300 + (k % 31),
            energy_year: 3000 + k,
            energy_total: 20_000 + k,
            status: (['online', 'offline', 'fault'] as const)[k % 3]!,
            devices: DEVICES_PER_PLANT,
            devices_online: 8,
            open_faults: k % 3 === 2 ? 1 : 0,
            data_updated_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    let sn = 0;
    for (let i = 0; i < plants.length; i += 50) {
      const rows = plants.slice(i, i + 50).flatMap((p) =>
        Array.from({ length: DEVICES_PER_PLANT }, (_, k) => {
          const type = k < 6 ? ('inverter' as const) : k < 8 ? ('battery' as const) : ('meter' as const);
          const online = (sn + k) % 10 !== 0;
          return {
            sn: `BENCH${sn++}`,
            name: 'd',
            type,
            product_id: null,
            org_id: p.org_id,
            plant_id: p.id,
            parent_id: null,
            secret_hash: null,
            mac: null,
            comm_mode: 'mqtt',
            online_state: online ? ('online' as const) : ('offline' as const),
            run_state: 'run' as const,
            hw_version: null,
            sw_version: null,
            protocol_version: null,
            last_online_at: online ? now - 10_000 : now - (sn % 5) * DAY,
            last_points: JSON.stringify({
              acPower: 1000 + (sn % 700),
              energyTotal: 1234.5,
              pv1Voltage: 365,
              gridVoltage: 230,
            }),
            created_at: now,
          };
        }),
      );
      await trx.insertInto('devices').values(rows).execute();
    }
  });
  const inverters = await db.selectFrom('devices').select(['id', 'plant_id']).where('type', '=', 'inverter').execute();
  const tzOf = new Map(plants.map((p) => [p.id, p.time_zone]));
  await db.transaction().execute(async (trx) => {
    for (let d = 0; d < DAYS; d++) {
      for (let i = 0; i < inverters.length; i += 500) {
        await trx
          .insertInto('device_daily')
          .values(
            inverters.slice(i, i + 500).map((v) => ({
              device_id: v.id,
              day: localDay(now - d * DAY, tzOf.get(v.plant_id!)!),
              energy_kwh: 5 + (v.id % 10),
              updated_at: now,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
  });
  // PostgreSQL plans with statistics: gather them as autovacuum would after a bulk load
  if (app.dialect === 'postgres') await sql`analyze`.execute(db);
  const devices = (
    await db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;
  console.log(
    `PV Console dashboard benchmark: ${app.dialect}, ${plants.length} plants, ${devices} devices (${inverters.length} inverters), ${ORGS} organisations, ${DAYS} days of device_daily; set up in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const state = newRefreshState();
  let t = performance.now();
  await refreshDashboard(db, app.dialect, state, now);
  console.log(`first refresh (backfills the production of every day): ${(performance.now() - t).toFixed(0)} ms`);
  const ticks: number[] = [];
  for (let i = 1; i <= 5; i++) {
    state.energyAt = undefined; // each tick sums today's and yesterday's production too (the worst tick)
    t = performance.now();
    await refreshDashboard(db, app.dialect, state, now + i * 15_000);
    ticks.push(performance.now() - t);
  }
  ticks.sort((a, b) => a - b);
  console.log(
    `refresh tick (power snapshot, offline devices, faults, 2 days of production): median ${ticks[2]!.toFixed(0)} ms, max ${ticks[4]!.toFixed(0)} ms`,
  );

  for (const user of ['admin', 'agent']) {
    if (user === 'agent') {
      const menu = await db
        .selectFrom('resources')
        .select('id')
        .where('router_path', '=', '/dashboard')
        .executeTakeFirstOrThrow();
      const role = await db.selectFrom('roles').select('id').where('code', '=', 'agent').executeTakeFirstOrThrow();
      await db.insertInto('role_resources').values({ role_id: role.id, resource_id: menu.id }).execute();
    }
    const login = await app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      payload: { username: user, password: 'demo123456' },
    });
    const token = login.json().data.token as string;
    const times: number[] = [];
    let kpi: { plants: number } | undefined;
    for (let i = 0; i < 60; i++) {
      t = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: '/photo_voltaic/dashboard?tz=Asia/Shanghai',
        headers: { 'x-token': token },
      });
      times.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(res.body);
      kpi = res.json().data.kpi;
    }
    times.splice(0, 10); // warm-up
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(
      `GET /dashboard as ${user.padEnd(5)} (${kpi!.plants} plants in scope): median ${p(0.5)} ms, p90 ${p(0.9)} ms, max ${p(0.999)} ms (50 sequential requests)`,
    );
  }
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
