import { localDay } from '@pv/contract';
import { PlantSim } from '@pv/simulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DemoFleet } from '../src/db/seed/fleet.js';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
let admin: string;
const fleets: DemoFleet[] = [];
const started = Date.now();

const call = (url: string) =>
  t.app.inject({ method: 'GET', url: `/photo_voltaic${url}`, headers: { 'x-token': admin } });
const count = async (table: 'device_daily' | 'device_rollup_5m' | 'device_counters' | 'org_power_5m') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await buildTestApp({ DEMO_HISTORY: 'true', SIMULATOR_PLANTS: '4' }, { onDemoFleet: (f) => fleets.push(f) });
  admin = await login(t.app, 'admin');
}, 120_000);
afterAll(async () => t?.close());

describe('demo history (first seed of the demo fleet)', () => {
  it('backfills daily energy per inverter since its plant was installed, plausible by season, and no raw samples', async () => {
    expect(fleets[0]!.history).toBeDefined();
    const inverters = await t.app.db
      .selectFrom('devices')
      .select(['id', 'sn', 'plant_id'])
      .where('type', '=', 'inverter')
      .execute();
    expect(inverters.length).toBeGreaterThan(3);
    const rows = await t.app.db.selectFrom('device_daily').select(['device_id', 'day', 'energy_kwh']).execute();
    const installed = new Map(
      (await t.app.db.selectFrom('plants').select(['id', 'installed_at', 'time_zone']).execute()).map((p) => [p.id, p]),
    );
    for (const inv of inverters) {
      const days = rows.filter((r) => r.device_id === inv.id);
      // every local day from the installation's to today's (430 days and more)
      const plant = installed.get(inv.plant_id!)!;
      const first = localDay(Number(plant.installed_at), plant.time_zone);
      expect(days.length).toBeGreaterThanOrEqual(430);
      expect(days.map((d) => d.day).sort()[0]).toBe(first);
      expect(days.length).toBeLessThanOrEqual(Math.ceil((Date.now() - Number(plant.installed_at)) / 86_400_000) + 1);
      for (const d of days) expect(Number(d.energy_kwh)).toBeGreaterThanOrEqual(0);
    }
    expect(await count('samples' as never)).toBe(0);

    // Shanghai (P0001, northern): June days produce more than December days; per kWp a plausible yield
    const plant = fleets[0]!.plants[0]!;
    expect(plant.latitude).toBeGreaterThan(20);
    const sns = new Set([
      ...plant.devices.filter((d) => d.type === 'inverter').map((d) => d.sn),
      ...plant.devices.flatMap((d) => (d.subs ?? []).map((s) => s.sn)),
    ]);
    const ids = new Set(inverters.filter((i) => sns.has(i.sn)).map((i) => i.id));
    const month = (m: string) =>
      rows.filter((r) => ids.has(r.device_id) && r.day.slice(5, 7) === m).reduce((s, r) => s + Number(r.energy_kwh), 0);
    expect(month('06')).toBeGreaterThan(month('12') * 1.2);
    const perDay = rows.filter((r) => ids.has(r.device_id)).reduce((s, r) => s + Number(r.energy_kwh), 0) / 400;
    const kWp = plant.capacityWp / 1000;
    expect(perDay / kWp).toBeGreaterThan(1.5);
    expect(perDay / kWp).toBeLessThan(6);
  });

  it('backfills 5-minute averages of every reported point for the last 60 days, whole buckets only', async () => {
    const inv = await t.app.db
      .selectFrom('devices')
      .select('id')
      .where('sn', '=', fleets[0]!.plants[0]!.devices[0]!.sn)
      .executeTakeFirstOrThrow();
    const buckets = await t.app.db
      .selectFrom('device_rollup_5m')
      .select(['bucket', 'n', 'points', 'point_n'])
      .where('device_id', '=', inv.id)
      .orderBy('bucket')
      .execute();
    // 60 days of 5-minute buckets, the last one ended before the app started (the bucket still
    // filling is the live data's)
    expect(buckets.length).toBeGreaterThanOrEqual(60 * 288);
    expect(buckets.length).toBeLessThanOrEqual(61 * 288);
    expect(started - buckets[buckets.length - 1]!.bucket).toBeLessThan(600_000);
    expect(buckets[buckets.length - 1]!.bucket + 300_000).toBeLessThanOrEqual(Date.now());
    const points = JSON.parse(buckets[0]!.points) as Record<string, number>;
    for (const name of ['acPower', 'energyToday', 'energyTotal', 'pv1Voltage', 'gridVoltage', 'temperature'])
      expect(points[name]).toBeTypeOf('number');
    expect(buckets[0]!.n).toBe(1);
    expect(buckets.some((b) => (JSON.parse(b.points) as { acPower: number }).acPower > 0)).toBe(true);
    expect(await count('org_power_5m')).toBeGreaterThan(0);
  });

  it('the dashboard and the plant pages chart the history', async () => {
    await vi.waitFor(
      async () =>
        expect(
          Number(
            (
              await t.app.db
                .selectFrom('org_daily_energy')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ).toBeGreaterThan(300),
      { timeout: 30_000, interval: 200 },
    );
    const dash = (await call('/dashboard?tz=Asia/Shanghai')).json().data;
    const today = localDay(Date.now(), 'Asia/Shanghai');
    expect(dash.monthly.filter(([, kWh]: [string, number]) => kWh > 0).length).toBe(Number(today.slice(5, 7)));
    if (today.slice(8) !== '01')
      expect(dash.daily.filter(([d, kWh]: [string, number]) => d < today && kWh > 0).length).toBeGreaterThan(0);
    expect(dash.power.length).toBeGreaterThan(0);

    const plant = await t.app.db
      .selectFrom('plants')
      .select('id')
      .where('name', '=', fleets[0]!.plants[0]!.name)
      .executeTakeFirstOrThrow();
    const chart = (await call(`/plants/${plant.id}/chart?range=30`)).json().data;
    expect(chart.kind).toBe('energy');
    expect(chart.points).toHaveLength(30);
    expect(chart.points.filter(([, kWh]: [string, number]) => kWh > 0).length).toBeGreaterThan(20);
    const curve = (await call(`/plants/${plant.id}/chart?range=1`)).json().data;
    expect(curve.points.length).toBeGreaterThan(100);

    const list = (await call('/plants?page=1&pageSize=50')).json().data;
    const row = list.rows.find((r: { id: number }) => r.id === plant.id);
    expect(row.energyTotal).toBeGreaterThan(row.energyYear - 1e-6);
    expect(row.energyTotal).toBeGreaterThan(300);
  });

  it('the first live reading continues the counters: no jump, no negative or doubled energy', async () => {
    const fleet = fleets[0]!;
    const plant = fleet.plants[0]!;
    const spec = plant.devices[0]!;
    const dev = await t.app.db.selectFrom('devices').select('id').where('sn', '=', spec.sn).executeTakeFirstOrThrow();
    const counter = await t.app.db
      .selectFrom('device_counters')
      .select(['last_ts', 'last_total'])
      .where('device_id', '=', dev.id)
      .executeTakeFirstOrThrow();
    expect(fleet.counters.get(spec.sn)!.energyTotal).toBe(Number(counter.last_total));
    const day = localDay(Date.now(), plant.timeZone);
    const before = await t.app.db
      .selectFrom('device_daily')
      .select(['day', 'energy_kwh'])
      .where('device_id', '=', dev.id)
      .execute();
    // the live simulator, resumed from the stored counters, sends its first reading
    const sim = new PlantSim(plant, 42, {
      faultRatePerHour: 0,
      offlineRatePerHour: 0,
      resume: (sn) => fleet.counters.get(sn),
    });
    const ts = Math.max(Date.now(), Number(counter.last_ts) + 10_000);
    const out = sim.step(ts, 10_000).find((o) => o.sn === spec.sn && o.kind === 'telemetry')!;
    const points = (out.payload as { points: Record<string, number> }).points as { energyTotal: number };
    expect(points.energyTotal).toBeGreaterThanOrEqual(Number(counter.last_total));
    expect(points.energyTotal - Number(counter.last_total)).toBeLessThan(0.05);
    await t.app.ingest.submit(spec.sn, 'telemetry', out.payload);
    const after = await t.app.db
      .selectFrom('device_daily')
      .select(['day', 'energy_kwh'])
      .where('device_id', '=', dev.id)
      .execute();
    const of = (rows: typeof before, d: string) => Number(rows.find((r) => r.day === d)?.energy_kwh ?? 0);
    const delta = of(after, day) - of(before, day);
    expect(delta).toBeGreaterThanOrEqual(0);
    expect(delta).toBeLessThan(0.05);
    for (const r of before) if (r.day !== day) expect(of(after, r.day)).toBe(Number(r.energy_kwh));
  });

  it('a restart on the same database does not backfill again and resumes the counters', async () => {
    const daily = await count('device_daily');
    const rollups = await count('device_rollup_5m');
    await t.reopen();
    expect(fleets).toHaveLength(2);
    expect(fleets[1]!.history).toBeUndefined();
    expect(await count('device_daily')).toBe(daily);
    expect(await count('device_rollup_5m')).toBe(rollups);
    const sn = fleets[1]!.plants[0]!.devices[0]!.sn;
    expect(fleets[1]!.counters.get(sn)!.energyTotal).toBeGreaterThanOrEqual(fleets[0]!.counters.get(sn)!.energyTotal);
    admin = await login(t.app, 'admin');
  });
});

describe('without DEMO_HISTORY', () => {
  it('seeds no history', async () => {
    const other = await buildTestApp({ SIMULATOR_PLANTS: '2' });
    try {
      expect(
        Number(
          (
            await other.app.db
              .selectFrom('device_daily')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(0);
    } finally {
      await other.close();
    }
  });
});
