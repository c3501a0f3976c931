import { CO2_KG_PER_KWH, DASHBOARD_BUCKET_MS, localDay, type DashboardData } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { SessionUser } from '../../lib/types.js';
import { dashboardRows } from './dashboard.repository.js';

const round = (n: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

const DAY = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/**
 * Every figure of the dashboard for the caller's data scope, in the calendar of `tz`. Plant counts,
 * status, production (today, month, year, total: the sums of the plants' figures) and the ranking
 * come from plant_stats (kept by the plant job); power, offline devices, faults and the charts
 * from the dashboard's own per-organisation rollups.
 *
 * "Today" on a fleet of many zones is the sum of each plant's own today (its local day, as its
 * page shows it): the "production today" figure, the day chart's latest bar and the revenue today
 * all read it so. The day chart aligns each zone on its own today: the bar `k` days before the
 * latest is each plant's local day `k` days before its today, labelled with the caller's date, so
 * a zone passing its midnight moves its production one bar back instead of dropping it from today's
 * bar while the chart still shows it (docs/energy-model.md §4). The month chart is by plant-local
 * month.
 */
export async function dashboardFor(
  db: Kysely<Database>,
  me: SessionUser,
  tz: string,
  now = Date.now(),
): Promise<DashboardData> {
  const today = localDay(now, tz);
  const month = today.slice(0, 7);
  const year = today.slice(0, 4);
  const dayOfMonth = Number(today.slice(8, 10));
  // a zone's today is at most a day from the caller's: the bars need the days around this month too
  const from = addDays(`${month}-01`, -2) < `${year}-01-01` ? addDays(`${month}-01`, -2) : `${year}-01-01`;
  const { plants, orgs, power, days, top } = await dashboardRows(db, me, now, { from, to: addDays(today, 2) });
  const n = (v: unknown) => Number(v ?? 0);
  const capacityKwp = n(plants.capacity_wp) / 1000;
  const energyTotal = n(plants.energy_total);
  const online = n(plants.online);
  const fault = n(plants.fault);

  const byZone = new Map<string, Map<string, number>>();
  const monthly = new Map<string, number>();
  for (const d of days) {
    const kWh = n(d.energy_kwh);
    let zone = byZone.get(d.time_zone);
    if (!zone) byZone.set(d.time_zone, (zone = new Map()));
    zone.set(d.day, (zone.get(d.day) ?? 0) + kWh);
    const m = d.day.slice(0, 7);
    monthly.set(m, (monthly.get(m) ?? 0) + kWh);
  }
  // every day of the month up to today, each zone's days aligned on its own today
  const zoneToday = [...byZone.keys()].map((zone) => ({ zone, today: localDay(now, zone) }));
  const dailyRows: [string, number][] = [];
  for (let k = dayOfMonth - 1; k >= 0; k--) {
    let kWh = 0;
    for (const z of zoneToday) kWh += byZone.get(z.zone)!.get(addDays(z.today, -k)) ?? 0;
    dailyRows.push([addDays(today, -k), round(kWh)]);
  }
  // every month up to this one, zero where nothing was produced
  const monthlyRows: [string, number][] = [];
  for (let m = 1; m <= Number(month.slice(5, 7)); m++) {
    const key = `${year}-${String(m).padStart(2, '0')}`;
    monthlyRows.push([key, round(monthly.get(key) ?? 0)]);
  }

  // the plants' own figures (each on its local calendar): the dashboard is the sum of its plants
  const energyToday = n(plants.energy_today);
  const bucketNow = Math.floor(now / DASHBOARD_BUCKET_MS) * DASHBOARD_BUCKET_MS;
  const curve = power.filter((p) => localDay(n(p.bucket), tz) === today);
  return {
    kpi: {
      plants: n(plants.plants),
      capacityKwp: round(capacityKwp, 3),
      powerW: round(n(orgs.power_w), 1),
      energyToday: round(energyToday),
      energyMonth: round(n(plants.energy_month)),
      energyYear: round(n(plants.energy_year)),
      energyTotal: round(energyTotal),
      plantsOnline: online,
      plantsFault: fault,
      // a plant without figures yet counts as offline
      plantsOffline: n(plants.plants) - online - fault,
      devicesOffline: n(orgs.offline),
      faults: n(orgs.faults),
      co2Kg: round(energyTotal * CO2_KG_PER_KWH),
      equivalentHours: capacityKwp > 0 ? round(energyToday / capacityKwp) : 0,
      updatedAt: orgs.updated_at === null || orgs.updated_at === undefined ? null : n(orgs.updated_at),
    },
    power: curve.map((p) => [n(p.bucket), round(n(p.power_w), 1)]),
    powerFilling: curve.length && n(curve[curve.length - 1]!.bucket) === bucketNow ? bucketNow : null,
    daily: dailyRows,
    monthly: monthlyRows,
    top: top.map((t) => ({
      id: t.id,
      name: t.name,
      capacityKwp: round(n(t.capacity_wp) / 1000, 3),
      energyKwh: round(n(t.energy_month)),
      yieldKwhPerKwp: round(n(t.yield), 4),
    })),
  };
}
