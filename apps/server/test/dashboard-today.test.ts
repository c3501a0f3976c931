import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newRefreshState, refreshDashboard } from '../src/modules/dashboard/dashboard.refresh.js';
import { invalidatePlantStats, refreshPlantStats } from '../src/modules/plant/plant-stats.js';
import { refreshRevenue } from '../src/modules/tariff/revenue.refresh.js';
import { buildTestApp, login, newDevice, type TestApp } from './helper.js';

/**
 * "Today" on a fleet of many zones is the sum of each plant's own today (docs/energy-model.md §4):
 * the dashboard's "production today", its day chart's latest bar and the fleet's revenue today
 * agree on it, also when a zone passes its midnight. The clock is the test's: the dashboard of a
 * user in Europe/Berlin at 16:50 and at 17:31 on 7 December 2026 (the plants of Shanghai pass
 * their midnight at 17:00 Berlin time).
 */
const BEFORE = Date.parse('2026-12-07T15:50:00Z'); // 16:50 Berlin, 23:50 Shanghai, 10:50 New York, 04:50 (8th) Auckland
const AFTER = Date.parse('2026-12-07T16:31:00Z'); // 17:31 Berlin, 00:31 (8th) Shanghai
const VIEWER = 'Europe/Berlin';

let t: TestApp;
let admin: string;
const inverters = new Map<string, number>();
const state = newRefreshState();

/** production per plant and plant-local day (kWh) at 16:50 Berlin time */
const PRODUCTION: Record<string, { zone: string; days: Record<string, number> }> = {
  Shanghai: { zone: 'Asia/Shanghai', days: { '2026-12-06': 300, '2026-12-07': 400 } },
  Berlin: { zone: 'Europe/Berlin', days: { '2026-12-06': 200, '2026-12-07': 150 } },
  'New York': { zone: 'America/New_York', days: { '2026-12-06': 100, '2026-12-07': 50 } },
  Auckland: { zone: 'Pacific/Auckland', days: { '2026-12-06': 220, '2026-12-07': 250 } },
};

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/photo_voltaic${url}`, headers: { 'x-token': admin } });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

/** every job that keeps the dashboard's figures, run at `now` */
async function refreshAt(now: number) {
  vi.setSystemTime(now);
  invalidatePlantStats(t.app.db);
  await refreshPlantStats(t.app.db, now);
  await refreshDashboard(t.app.db, t.app.dialect, state, now);
  await refreshRevenue(t.app.db, now);
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(BEFORE);
  t = await buildTestApp({ SIMULATOR_PLANTS: '0' });
  admin = await login(t.app, 'admin');
  const root = await t.app.db.selectFrom('orgs').select('id').where('code', '=', 'ROOT').executeTakeFirstOrThrow();
  const { id: company } = await t.app.db
    .insertInto('power_companies')
    .values({
      name: 'Flat Feed-in',
      country: 'DE',
      currency: 'EUR',
      price_areas: JSON.stringify(['All']),
      created_at: BEFORE,
      updated_at: BEFORE,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // 0.10 EUR every minute of every day: a plant's revenue is 10 cents per kWh
  await t.app.db
    .insertInto('electricity_prices')
    .values({
      company_id: company,
      area: 'All',
      kind: 'feedIn',
      valid_from: '2026-01-01',
      valid_to: null,
      periods: JSON.stringify([{ name: 'flat', from: '00:00', to: '00:00', price: '0.10', days: 'all', months: [] }]),
      updated_by: 'admin',
      created_at: BEFORE,
      updated_at: BEFORE,
    })
    .execute();
  for (const [name, plant] of Object.entries(PRODUCTION)) {
    const { id } = await t.app.db
      .insertInto('plants')
      .values({
        org_id: root.id,
        name,
        capacity_wp: 100_000,
        country: null,
        time_zone: plant.zone,
        latitude: null,
        longitude: null,
        address: null,
        install_position: 'roof',
        installed_at: BEFORE - 30 * 86_400_000,
        created_at: BEFORE,
        power_company_id: company,
        price_area: 'All',
        currency: 'EUR',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const device = await t.app.db
      .insertInto('devices')
      .values(
        newDevice({
          sn: `T-${name}`,
          type: 'inverter',
          org_id: root.id,
          plant_id: id,
          online_state: 'online',
          run_state: 'run',
          last_online_at: BEFORE,
          created_at: BEFORE,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    inverters.set(name, device.id);
    for (const [day, kWh] of Object.entries(plant.days))
      await t.app.db
        .insertInto('device_daily')
        .values({ device_id: device.id, day, energy_kwh: kWh, updated_at: BEFORE })
        .execute();
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});

interface Dashboard {
  kpi: { energyToday: number };
  daily: [string, number][];
}

/** the sum of each plant's production on its own local today, from its own page */
async function plantsToday() {
  const rows = (await get('/plants?pageNum=1&pageSize=100')).rows as { name: string; energyToday: number }[];
  return rows.reduce((n, r) => n + r.energyToday, 0);
}

describe("the dashboard's today on a fleet of many zones", () => {
  it("is the sum of each plant's local today, in the figure, the day chart's latest bar and the revenue", async () => {
    await refreshAt(BEFORE);
    const before = (await get(`/dashboard?tz=${VIEWER}`)) as Dashboard;
    // Shanghai, Berlin and New York on the 7th, Auckland already on the 8th (nothing produced yet)
    expect(before.kpi.energyToday).toBe(400 + 150 + 50);
    expect(before.kpi.energyToday).toBe(await plantsToday());
    expect(before.daily.at(-1)).toEqual(['2026-12-07', before.kpi.energyToday]);
    // the bar before: each plant's day before its today (Auckland's 7th among them)
    expect(before.daily.at(-2)).toEqual(['2026-12-06', 300 + 200 + 100 + 250]);
    expect(before.daily).toHaveLength(7);
    const fleet = (await get('/revenue/fleet')) as { currency: string; today: number }[];
    expect(fleet).toEqual([expect.objectContaining({ currency: 'EUR', today: before.kpi.energyToday * 10 })]);
  });

  it('stays so when a zone passes its midnight: its production moves one bar back, none is lost or counted twice', async () => {
    // Shanghai's 8th begins: 0.2 kWh by 00:31; Auckland's sun is up (05:31): 5 kWh of its 8th
    await t.app.db
      .insertInto('device_daily')
      .values([
        { device_id: inverters.get('Shanghai')!, day: '2026-12-08', energy_kwh: 0.2, updated_at: AFTER },
        { device_id: inverters.get('Auckland')!, day: '2026-12-08', energy_kwh: 5, updated_at: AFTER },
      ])
      .execute();
    await refreshAt(AFTER);
    const after = (await get(`/dashboard?tz=${VIEWER}`)) as Dashboard;
    expect(after.kpi.energyToday).toBe(0.2 + 150 + 50 + 5);
    expect(after.kpi.energyToday).toBe(await plantsToday());
    expect(after.daily.at(-1)).toEqual(['2026-12-07', after.kpi.energyToday]);
    // Shanghai's whole 7th is in the bar before, beside the others' 6th
    expect(after.daily.at(-2)).toEqual(['2026-12-06', 400 + 200 + 100 + 250]);
    const fleet = (await get('/revenue/fleet')) as { currency: string; today: number }[];
    // 2 + 1500 + 500 + 50 cents: the revenue of each plant's own today
    expect(fleet).toEqual([expect.objectContaining({ currency: 'EUR', today: 2 + 1500 + 500 + 50 })]);
  });
});
