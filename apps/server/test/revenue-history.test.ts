import { localDay } from '@pv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidatePlantStats, refreshPlantStats } from '../src/modules/plant/plant-stats.js';
import { buildTestApp, login, type TestApp } from './helper.js';

/**
 * Revenue covers every kWh the energy model counts (docs/energy-model.md §7): on the demo fleet,
 * whose seeded history runs from each plant's installation (more than a year ago) and whose
 * 5-minute rollups cover only its last 60 days, the energy of a plant's revenue over its whole
 * history is its production, and the fleet's total revenue is more than this year's.
 */
let t: TestApp;
let admin: string;
let jobTick = 0;

const call = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/photo_voltaic${url}`, headers: { 'x-token': admin } });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

/** runs the revenue job until it has nothing left to backfill */
const runRevenueJob = async () => {
  for (let i = 0; i < 3; i++) {
    await t.app.jobs.idle();
    const r = await t.app.jobs.tick('revenue', Date.now() + ++jobTick * 3_600_000);
    if (r.error) throw r.error;
  }
};

beforeAll(async () => {
  t = await buildTestApp({ DEMO_HISTORY: 'true', SIMULATOR_PLANTS: '4' });
  admin = await login(t.app, 'admin');
  invalidatePlantStats(t.app.db);
  await refreshPlantStats(t.app.db, Date.now());
  await runRevenueJob();
  invalidatePlantStats(t.app.db);
  await refreshPlantStats(t.app.db, Date.now());
}, 240_000);
afterAll(async () => t?.close());

interface Plant {
  id: number;
  name: string;
  timeZone: string;
  currency: string | null;
  energyYear: number;
  energyTotal: number;
  revenueTotal: number | null;
}

describe('revenue over a plant’s whole history', () => {
  it('prices every kWh each plant produced since its tariff started, history older than the rollups included', async () => {
    const plants = ((await call('/plants?pageNum=1&pageSize=100')).rows as Plant[]).filter((p) => p.currency);
    expect(plants.length).toBeGreaterThanOrEqual(3);
    const rollupsFrom = await t.app.db
      .selectFrom('device_rollup_5m')
      .select((eb) => eb.fn.min<number>('bucket').as('first'))
      .executeTakeFirstOrThrow();
    for (const p of plants) {
      const plant = (await call(`/plants/${p.id}`)) as Plant;
      // this year's revenue as the plant list and the dashboard read it
      const stats = await t.app.db
        .selectFrom('plant_stats')
        .select('revenue_year')
        .where('plant_id', '=', p.id)
        .executeTakeFirstOrThrow();
      const firstDay = await t.app.db
        .selectFrom('device_daily as dd')
        .innerJoin('devices as d', 'd.id', 'dd.device_id')
        .where('d.plant_id', '=', p.id)
        .select((eb) => eb.fn.min<string>('dd.day').as('day'))
        .executeTakeFirstOrThrow();
      const thisYear = Number(localDay(Date.now(), p.timeZone).slice(0, 4));
      const firstYear = Number(firstDay.day.slice(0, 4));
      // a history of more than a year, most of it older than the 5-minute rollups
      expect(thisYear - firstYear).toBeGreaterThanOrEqual(1);
      expect(firstDay.day < localDay(Number(rollupsFrom.first), p.timeZone)).toBe(true);
      let kwh = 0;
      let amount = 0;
      const months = new Set<string>();
      for (let y = firstYear; y <= thisYear; y++) {
        const year = await call(`/plants/${p.id}/revenue?range=year&date=${y}-06-01`);
        kwh += year.kwh;
        amount += year.amount;
        for (const s of year.series as { label: string; byPeriod: unknown[] }[])
          if (s.byPeriod.length) months.add(s.label);
        if (y === thisYear) {
          expect({ plant: p.name, kwh: year.kwh }).toEqual({ plant: p.name, kwh: expect.closeTo(plant.energyYear, 0) });
          expect(year.amount).toBe(Number(stats.revenue_year));
        }
      }
      // the demo's tariffs start on 2025-01-01, before every installation: every kWh is priced
      expect({ plant: p.name, kwh }).toEqual({ plant: p.name, kwh: expect.closeTo(plant.energyTotal, 0) });
      expect(amount).toBe(plant.revenueTotal);
      expect(plant.revenueTotal!).toBeGreaterThan(Number(stats.revenue_year));
      // a bar for every month of the history, not the rollups' last two
      expect(months.size).toBeGreaterThanOrEqual(13);
    }
  });

  it('gives the dashboard a fleet total above the year, in every currency', async () => {
    const fleet = (await call('/revenue/fleet')) as { currency: string; year: number; total: number }[];
    expect(fleet.length).toBeGreaterThanOrEqual(2);
    for (const f of fleet)
      expect({ currency: f.currency, more: f.total > f.year }).toEqual({ currency: f.currency, more: true });
  });

  it('keeps pricing the production of an inverter that left its plant, when the history is recomputed', async () => {
    // a plant whose area has one feed-in price, and an inverter of it that produced
    const plant = await t.app.db
      .selectFrom('plants as p')
      .innerJoin('electricity_prices as e', (j) =>
        j.onRef('e.company_id', '=', 'p.power_company_id').onRef('e.area', '=', 'p.price_area'),
      )
      .innerJoin('devices as d', 'd.plant_id', 'p.id')
      .where('d.type', '=', 'inverter')
      .select(['p.id', 'p.time_zone', 'e.id as price_id', 'd.id as inverter_id'])
      .orderBy('p.id')
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    const before = (await call(`/plants/${plant.id}`)) as Plant;
    const put = async (url: string, payload?: object) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/photo_voltaic${url}`,
        headers: { 'x-token': admin },
        ...(payload && { payload }),
      });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    await put(`/devices/${plant.inverter_id}/unbind`);
    const retired = await t.app.db
      .selectFrom('plant_retired_energy')
      .select((eb) => eb.fn.sum<number>('energy_kwh').as('kwh'))
      .where('plant_id', '=', plant.id)
      .executeTakeFirstOrThrow();
    expect(Number(retired.kwh)).toBeGreaterThan(100);
    // the price saved again as it was: its whole validity is priced again, for every plant of its area
    const price = await call(`/electricity-prices/${plant.price_id}`);
    const saved = await put(`/electricity-prices/${plant.price_id}`, {
      companyId: price.companyId,
      area: price.area,
      kind: price.kind,
      validFrom: price.validFrom,
      validTo: price.validTo,
      periods: price.periods,
    });
    expect(saved.recompute).toMatchObject({ fromDay: price.validFrom });
    await runRevenueJob();
    invalidatePlantStats(t.app.db);
    await refreshPlantStats(t.app.db, Date.now());
    const after = (await call(`/plants/${plant.id}`)) as Plant;
    // the plant keeps its production, and its revenue keeps pricing all of it
    expect(after.energyTotal).toBeCloseTo(before.energyTotal, 0);
    const rows = await t.app.db
      .selectFrom('plant_revenue_daily')
      .select((eb) => eb.fn.sum<number>('kwh').as('kwh'))
      .where('plant_id', '=', plant.id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.kwh)).toBeCloseTo(after.energyTotal, 0);
    expect(after.revenueTotal).toBeCloseTo(before.revenueTotal!, -2);
  });

  it('prices the whole history again after a restart where a database kept only the recent days (computed before the fix)', async () => {
    const plant = ((await call('/plants?pageNum=1&pageSize=100')).rows as Plant[]).find((p) => p.currency)!;
    const before = (await call(`/plants/${plant.id}`)) as Plant;
    const rollupsFrom = await t.app.db
      .selectFrom('device_rollup_5m')
      .select((eb) => eb.fn.min<number>('bucket').as('first'))
      .executeTakeFirstOrThrow();
    await t.app.db
      .deleteFrom('plant_revenue_daily')
      .where('plant_id', '=', plant.id)
      .where('day', '<=', localDay(Number(rollupsFrom.first), plant.timeZone))
      .execute();
    await t.reopen();
    admin = await login(t.app, 'admin');
    await runRevenueJob();
    const after = (await call(`/plants/${plant.id}`)) as Plant;
    expect(after.revenueTotal).toBe(before.revenueTotal);
  });
});
