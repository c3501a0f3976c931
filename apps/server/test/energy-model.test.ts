import { localDay } from '@pv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefreshState, refreshDashboard } from '../src/modules/dashboard/dashboard.refresh.js';
import { invalidatePlantStats, refreshPlantStats } from '../src/modules/plant/plant-stats.js';
import { buildTestApp, login, type TestApp } from './helper.js';

/**
 * The energy model (docs/energy-model.md) through the API, hand-computed: a replaced inverter's
 * production stays with its plant, a battery and a meter never count as production, and each
 * device type answers its own figures and a power direction.
 */
let t: TestApp;
let admin: string;
const now = Date.now();
const HOUR = 3_600_000;
const TZ = 'Asia/Shanghai';

/** The Shanghai-local midnight that began the day `daysAgo` days before today. */
const midnight = (daysAgo: number) => {
  const day = localDay(now - daysAgo * 86_400_000, TZ);
  return Date.parse(`${day}T00:00:00+08:00`);
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/photo_voltaic${url}`, headers: { 'x-token': admin }, payload: payload as object });

const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const res = await call(method, url, payload);
  expect({ url, status: res.statusCode, msg: res.json().msg }).toMatchObject({ url, status: 200 });
  return res.json().data;
};

const send = (sn: string, ts: number, points: Record<string, number>) =>
  t.app.ingest.submit(sn, 'telemetry', { ts, points });

async function plantTotals(id: number) {
  invalidatePlantStats(t.app.db);
  await refreshPlantStats(t.app.db, now);
  const rows = (await ok('GET', '/plants?pageNum=1&pageSize=100')).rows as { id: number; energyTotal: number }[];
  return rows.find((r) => r.id === id)!.energyTotal;
}

let plantId: number;
let otherId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp({ SIMULATOR_PLANTS: '0' });
  admin = await login(t.app, 'admin');
  const plant = (name: string) =>
    ok('POST', '/plants', {
      name,
      capacityKw: 10,
      timeZone: TZ,
      address: '1 Energy Road',
      installedAt: now - 20 * 86_400_000,
      installPosition: 'roof',
    });
  plantId = (await plant('SwapPlant1')).id;
  otherId = (await plant('OtherPlant1')).id;
  for (const [sn, type] of [
    ['SWAP-OLD', 'inverter'],
    ['SWAP-BAT', 'battery'],
    ['SWAP-MET', 'meter'],
  ] as const)
    ids[sn] = (await ok('POST', '/devices', { sn, name: sn, type, plantId })).id;
}, 60_000);
afterAll(async () => t?.close());

describe('energy model through the API', () => {
  it("keeps a replaced inverter's production with its plant: unbound, rebound elsewhere or deleted", async () => {
    const d2 = midnight(2);
    const d1 = midnight(1);
    // the old unit: 1000 → 1012 two days ago, 1012 → 1015 yesterday morning (15 kWh)
    await send('SWAP-OLD', d2 + 10 * HOUR, { energyTotal: 1000, acPower: 0 });
    await send('SWAP-OLD', d2 + 16 * HOUR, { energyTotal: 1012, energyToday: 12, acPower: 900 });
    await send('SWAP-OLD', d1 + 8 * HOUR, { energyTotal: 1012, energyToday: 0, acPower: 100 });
    await send('SWAP-OLD', d1 + 11 * HOUR, { energyTotal: 1015, energyToday: 3, acPower: 2000 });
    // a battery discharging 10 kWh is throughput, not production
    await send('SWAP-BAT', d1 + 10 * HOUR, { energyTotal: 50, batteryPower: 500 });
    await send('SWAP-BAT', d1 + 20 * HOUR, { energyTotal: 60, batteryPower: 500 });
    expect(await plantTotals(plantId)).toBe(15);

    // replaced: the old unit is unbound, a second-hand one (its counter at 7000) takes its place
    await ok('PUT', `/devices/${ids['SWAP-OLD']}/unbind`);
    ids['SWAP-NEW'] = (await ok('POST', '/devices', { sn: 'SWAP-NEW', name: 'new', type: 'inverter', plantId })).id;
    await send('SWAP-NEW', d1 + 13 * HOUR, { energyTotal: 7000, acPower: 1000 });
    await send('SWAP-NEW', d1 + 18 * HOUR, { energyTotal: 7004, acPower: 10 });
    // 15 of the old unit (kept by the plant) + 4 of the new one: never 7004 or 8019
    expect(await plantTotals(plantId)).toBe(19);

    // the old unit goes to another plant: what it makes there (1015 → 1017) is that plant's only
    await ok('PUT', `/devices/${ids['SWAP-OLD']}/bind`, { plantId: otherId });
    await send('SWAP-OLD', d1 + 20 * HOUR, { energyTotal: 1017, acPower: 0 });
    expect(await plantTotals(plantId)).toBe(19);
    expect(await plantTotals(otherId)).toBe(2);
    // its own page counts from its move: the plant it left keeps the rest
    expect((await ok('GET', `/devices/${ids['SWAP-OLD']}`)).production).toMatchObject({ total: 2, counterKwh: 1017 });

    // the new unit is deleted: its 4 kWh stay with the plant too
    await ok('DELETE', `/devices/${ids['SWAP-NEW']}`);
    expect(await plantTotals(plantId)).toBe(19);
    // and in the plant's energy chart: its days add up to its total
    const chart = (await ok('GET', `/plants/${plantId}/chart?range=7`)) as { points: [string, number][] };
    expect(chart.points.reduce((sum, [, kwh]) => sum + kwh, 0)).toBeCloseTo(19, 6);

    // the organisation (and the dashboard) add up the plants: 19 + 2
    await refreshDashboard(t.app.db, t.app.dialect, newRefreshState(), now);
    const org = await t.app.db
      .selectFrom('plants as p')
      .innerJoin('org_daily_energy as e', 'e.org_id', 'p.org_id')
      .select((eb) => eb.fn.sum<number>('e.energy_kwh').as('kwh'))
      .where('p.id', '=', plantId)
      .executeTakeFirstOrThrow();
    expect(Number(org.kwh)).toBeCloseTo(21, 6);
    expect((await ok('GET', `/dashboard?tz=${TZ}`)).kpi.energyTotal).toBeCloseTo(21, 6);
  });

  it('answers a battery, a meter and an inverter with their own figures and a power direction', async () => {
    const start = midnight(0);
    const before = start - 10 * 60_000;
    const latest = Math.max(start + 60_000, now - 60_000);
    await send('SWAP-BAT', before, { energyTotal: 60, batteryChargeEnergy: 20, batterySoc: 40, batteryPower: 0 });
    // discharged 60 → 62 over midnight, 1.2 of it since midnight (its own daily counter); charged 20 → 26
    await send('SWAP-BAT', latest, {
      energyTotal: 62,
      energyToday: 1.2,
      batteryChargeEnergy: 26,
      batterySoc: 55.5,
      batteryPower: -1500,
      temperature: 24.5,
    });
    await send('SWAP-MET', before, { meterImportEnergy: 100, meterExportEnergy: 40 });
    await send('SWAP-MET', latest, {
      meterImportEnergy: 103.5,
      meterExportEnergy: 40,
      meterImportPower: 800,
      meterExportPower: 0,
    });

    const battery = await ok('GET', `/devices/${ids['SWAP-BAT']}`);
    expect(battery.flow).toEqual({ direction: 'charging', powerW: 1500 });
    expect(battery.battery).toEqual({
      socPercent: 55.5,
      temperatureC: 24.5,
      chargeToday: 6,
      dischargeToday: 1.2,
      chargeTotal: 26,
      dischargeTotal: 62,
    });
    expect(battery.production ?? null).toBeNull();
    expect(battery.meter ?? null).toBeNull();

    const meter = await ok('GET', `/devices/${ids['SWAP-MET']}`);
    expect(meter.flow).toEqual({ direction: 'importing', powerW: 800 });
    expect(meter.meter).toEqual({ importToday: 3.5, exportToday: 0, importTotal: 103.5, exportTotal: 40 });
    expect(meter.battery ?? null).toBeNull();

    const inverter = await ok('GET', `/devices/${ids['SWAP-OLD']}`);
    expect(inverter.flow).toEqual({ direction: 'idle', powerW: 0 });
    expect(inverter.production.counterKwh).toBe(1017);
    // the fields the current console reads are still there
    expect(inverter.energy).toEqual({
      today: inverter.production.today,
      month: inverter.production.month,
      year: inverter.production.year,
      total: inverter.production.total,
    });

    // the plant's device table: a direction word and an unsigned power beside the old signed one
    const rows = (await ok('GET', `/plants/${plantId}/devices?pageNum=1&pageSize=50`)).rows as {
      sn: string;
      power: number | null;
      direction: string | null;
      powerW: number | null;
    }[];
    const bySn = Object.fromEntries(rows.map((r) => [r.sn, r]));
    expect(bySn['SWAP-BAT']).toMatchObject({ power: -1500, direction: 'charging', powerW: 1500 });
    expect(bySn['SWAP-MET']).toMatchObject({ power: 800, direction: 'importing', powerW: 800 });
  });
});
