import { localDay } from '@pv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRefreshState, refreshDashboard } from '../src/modules/dashboard/dashboard.refresh.js';
import { invalidatePlantStats, refreshPlantStats } from '../src/modules/plant/plant-stats.js';
import { buildTestApp, login, type TestApp } from './helper.js';

/**
 * The energy model (docs/energy-model.md) on the demo fleet with its history: every plant's
 * figures are its inverters' counter deltas, and the organisations' and the dashboard's figures
 * are the sums of the plants'.
 */
let t: TestApp;
let admin: string;
let now: number;

const call = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/photo_voltaic${url}`, headers: { 'x-token': admin } });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

interface PlantRow {
  id: number;
  name: string;
  energyToday: number;
  energyMonth: number;
  energyYear: number;
  energyTotal: number;
}

const DAY = 86_400_000;

/** The first instant of the plant-local day holding `ts`, to the 5 minutes (the rollups' grid). */
function midnightOf(ts: number, zone: string): number {
  const day = localDay(ts, zone);
  let at = Math.floor(ts / 300_000) * 300_000;
  while (localDay(at - 300_000, zone) === day) at -= 300_000;
  return at;
}

beforeAll(async () => {
  t = await buildTestApp({ DEMO_HISTORY: 'true', SIMULATOR_PLANTS: '6' });
  admin = await login(t.app, 'admin');
  now = Date.now();
  invalidatePlantStats(t.app.db);
  await refreshPlantStats(t.app.db, now);
  await refreshDashboard(t.app.db, t.app.dialect, newRefreshState(), now);
}, 180_000);
afterAll(async () => t?.close());

describe('energy model on the demo fleet', () => {
  it("tells one story: each counter started at zero at the installation and equals its device's daily energy", async () => {
    const counters = await t.app.db
      .selectFrom('device_counters as c')
      .innerJoin('devices as d', 'd.id', 'c.device_id')
      .select(['d.id', 'd.sn', 'd.type', 'c.last_total'])
      .execute();
    expect(counters.filter((c) => c.type === 'inverter').length).toBeGreaterThan(6);
    const daily = new Map<number, number>();
    for (const r of await t.app.db.selectFrom('device_daily').select(['device_id', 'energy_kwh']).execute())
      daily.set(r.device_id, (daily.get(r.device_id) ?? 0) + Number(r.energy_kwh));
    for (const c of counters) {
      expect(Number(c.last_total)).toBeGreaterThan(100);
      expect({ sn: c.sn, kWh: daily.get(c.id) ?? 0 }).toEqual({
        sn: c.sn,
        kWh: expect.closeTo(Number(c.last_total), 2),
      });
    }
  });

  it("gives every plant today, this month, this year and in total its inverters' counter deltas (never a battery's or a meter's)", async () => {
    const plants = (await call('/plants?pageNum=1&pageSize=100')).rows as PlantRow[];
    expect(plants).toHaveLength(6);
    const zones = new Map(
      (await t.app.db.selectFrom('plants').select(['id', 'time_zone']).execute()).map((p) => [p.id, p.time_zone]),
    );
    for (const plant of plants) {
      const zone = zones.get(plant.id)!;
      const inverters = await t.app.db
        .selectFrom('devices as d')
        .innerJoin('device_counters as c', 'c.device_id', 'd.id')
        .select(['d.id', 'c.last_total'])
        .where('d.plant_id', '=', plant.id)
        .where('d.type', '=', 'inverter')
        .execute();
      expect(inverters.length).toBeGreaterThan(0);
      // a counter's reading at a plant-local midnight: the 5-minute bucket just before it (at night
      // the counter stands still, so the bucket's reading is the midnight one)
      const readingAt = async (deviceId: number, at: number) => {
        const r = await t.app.db
          .selectFrom('device_rollup_5m')
          .select('points')
          .where('device_id', '=', deviceId)
          .where('bucket', '=', at - 300_000)
          .executeTakeFirstOrThrow();
        return (JSON.parse(r.points) as { energyTotal: number }).energyTotal;
      };
      const today = localDay(now, zone);
      const dayStart = midnightOf(now, zone);
      // the first of the month, a plant-local midnight within the 60 days of 5-minute history
      let monthStart = dayStart;
      while (localDay(monthStart - 1, zone).slice(0, 7) === today.slice(0, 7))
        monthStart = midnightOf(monthStart - 1, zone);
      expect(now - monthStart).toBeLessThan(32 * DAY);
      let total = 0;
      let day = 0;
      let month = 0;
      let year = 0;
      for (const inv of inverters) {
        const reading = Number(inv.last_total);
        total += reading; // from zero at the installation
        day += reading - (await readingAt(inv.id, dayStart));
        month += reading - (await readingAt(inv.id, monthStart));
        // this year: the counter less what it read when the year began (its daily deltas before then)
        const before = await t.app.db
          .selectFrom('device_daily')
          .select((eb) => eb.fn.sum<number>('energy_kwh').as('kwh'))
          .where('device_id', '=', inv.id)
          .where('day', '<', `${today.slice(0, 4)}-01-01`)
          .executeTakeFirstOrThrow();
        year += reading - Number(before.kwh ?? 0);
      }
      const label = { plant: plant.name, zone };
      expect({ ...label, total: plant.energyTotal }).toEqual({ ...label, total: expect.closeTo(total, 1) });
      expect({ ...label, year: plant.energyYear }).toEqual({ ...label, year: expect.closeTo(year, 1) });
      expect({ ...label, month: plant.energyMonth }).toEqual({ ...label, month: expect.closeTo(month, 1) });
      expect({ ...label, day: plant.energyToday }).toEqual({ ...label, day: expect.closeTo(day, 1) });
      // and each inverter's own page says the same as its plant adds up
      let pages = 0;
      for (const inv of inverters) pages += (await call(`/devices/${inv.id}`)).production.total;
      expect(pages).toBeCloseTo(plant.energyTotal, 1);
    }
  });

  it("gives the dashboard and every organisation the sums of their plants'", async () => {
    const plants = (await call('/plants?pageNum=1&pageSize=100')).rows as PlantRow[];
    const sum = (key: keyof PlantRow) => plants.reduce((s, p) => s + Number(p[key]), 0);
    const { kpi } = await call('/dashboard?tz=Asia/Shanghai');
    expect(kpi.energyToday).toBeCloseTo(sum('energyToday'), 1);
    expect(kpi.energyMonth).toBeCloseTo(sum('energyMonth'), 1);
    expect(kpi.energyYear).toBeCloseTo(sum('energyYear'), 1);
    expect(kpi.energyTotal).toBeCloseTo(sum('energyTotal'), 1);

    // each organisation's production per day (the dashboard's bars) is its plants' inverters'
    const orgOf = new Map(
      (await t.app.db.selectFrom('plants').select(['id', 'org_id']).execute()).map((p) => [p.id, p.org_id]),
    );
    const year = localDay(now, 'UTC').slice(0, 4);
    const expected = new Map<number, number>();
    for (const r of await t.app.db
      .selectFrom('device_daily as dd')
      .innerJoin('devices as d', 'd.id', 'dd.device_id')
      .select(['d.plant_id', 'dd.energy_kwh'])
      .where('d.type', '=', 'inverter')
      .where('dd.day', '>=', `${year}-01-01`)
      .execute()) {
      const org = orgOf.get(r.plant_id!)!;
      expected.set(org, (expected.get(org) ?? 0) + Number(r.energy_kwh));
    }
    const stored = new Map<number, number>();
    for (const r of await t.app.db
      .selectFrom('org_daily_energy')
      .select(['org_id', 'energy_kwh'])
      .where('day', '>=', `${year}-01-01`)
      .execute())
      stored.set(r.org_id, (stored.get(r.org_id) ?? 0) + Number(r.energy_kwh));
    expect(expected.size).toBeGreaterThan(1);
    for (const [org, kWh] of expected)
      expect({ org, kWh: stored.get(org) }).toEqual({ org, kWh: expect.closeTo(kWh, 1) });
  });

  it('charts full history on a fresh start, and marks the power bucket still filling', async () => {
    const inverter = await t.app.db
      .selectFrom('devices')
      .select('id')
      .where('type', '=', 'inverter')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const oldest = await t.app.db
      .selectFrom('device_rollup_5m')
      .select((eb) => eb.fn.min<number>('bucket').as('bucket'))
      .where('device_id', '=', inverter.id)
      .executeTakeFirstOrThrow();
    expect(now - Number(oldest.bucket)).toBeGreaterThan(59 * DAY);
    const dash = await call('/dashboard?tz=Asia/Shanghai');
    const bucketNow = Math.floor(now / 300_000) * 300_000;
    const last = dash.power.at(-1);
    if (last && last[0] === bucketNow) expect(dash.powerFilling).toBe(bucketNow);
    else expect(dash.powerFilling).toBeNull();
    // every whole bucket before it came from the history: no bucket of the seam averaged with nothing
    const whole = dash.power.filter(([b]: [number]) => b !== dash.powerFilling);
    expect(whole.length).toBeGreaterThan(0);
  });
});
