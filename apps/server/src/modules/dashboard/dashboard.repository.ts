import { DASHBOARD_TOP_PLANTS } from '@pv/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';

/**
 * The dashboard's rows for the caller's data scope: plant counts, status, capacity, production
 * (today, month, year, total: sums of the plants' figures) and the top plants by specific yield this month from plant_stats; power, offline devices and
 * faults from org_snapshot; the power curve since `now` minus 26 hours and the production per plant
 * time zone and plant-local day of [range.from, range.to] from the per-organisation rollups. Never a
 * device's samples or rollups.
 */
export async function dashboardRows(
  db: Kysely<Database>,
  me: SessionUser,
  now: number,
  range: { from: string; to: string },
) {
  const plantsQ = db
    .selectFrom('plants as p')
    .innerJoin('orgs as o', 'o.id', 'p.org_id')
    .leftJoin('plant_stats as s', 's.plant_id', 'p.id')
    .where(inScope(me, 'o'))
    .select((eb) => [
      eb.fn.countAll<number>().as('plants'),
      eb.fn.sum<number>('p.capacity_wp').as('capacity_wp'),
      eb.fn.sum<number>('s.energy_today').as('energy_today'),
      eb.fn.sum<number>('s.energy_month').as('energy_month'),
      eb.fn.sum<number>('s.energy_year').as('energy_year'),
      eb.fn.sum<number>('s.energy_total').as('energy_total'),
      eb.fn.sum<number>(sql`case when s.status = 'online' then 1 else 0 end`).as('online'),
      eb.fn.sum<number>(sql`case when s.status = 'fault' then 1 else 0 end`).as('fault'),
    ])
    .executeTakeFirstOrThrow();

  const orgsQ = db
    .selectFrom('org_snapshot as n')
    .innerJoin('orgs as o', 'o.id', 'n.org_id')
    .where(inScope(me, 'o'))
    .select((eb) => [
      eb.fn.sum<number>('n.power_w').as('power_w'),
      eb.fn.sum<number>('n.devices_offline').as('offline'),
      eb.fn.sum<number>('n.faults').as('faults'),
      eb.fn.max<number>('n.updated_at').as('updated_at'),
    ])
    .executeTakeFirstOrThrow();

  // today in the caller's time zone lies within the last 26 hours
  const powerQ = db
    .selectFrom('org_power_5m as w')
    .innerJoin('orgs as o', 'o.id', 'w.org_id')
    .where(inScope(me, 'o'))
    .where('w.bucket', '>', now - 26 * 3_600_000)
    .select((eb) => ['w.bucket', eb.fn.sum<number>('w.power_w').as('power_w')])
    .groupBy('w.bucket')
    .orderBy('w.bucket')
    .execute();

  const daysQ = db
    .selectFrom('org_zone_daily_energy as e')
    .innerJoin('orgs as o', 'o.id', 'e.org_id')
    .where(inScope(me, 'o'))
    .where('e.day', '>=', range.from)
    .where('e.day', '<=', range.to)
    .select((eb) => ['e.time_zone', 'e.day', eb.fn.sum<number>('e.energy_kwh').as('energy_kwh')])
    .groupBy(['e.time_zone', 'e.day'])
    .orderBy('e.day')
    .execute();

  const topQ = db
    .selectFrom('plants as p')
    .innerJoin('orgs as o', 'o.id', 'p.org_id')
    .innerJoin('plant_stats as s', 's.plant_id', 'p.id')
    .where(inScope(me, 'o'))
    .where('p.capacity_wp', '>', 0)
    .where('s.energy_month', '>', 0)
    .select((eb) => [
      'p.id',
      'p.name',
      'p.capacity_wp',
      's.energy_month',
      eb(eb('s.energy_month', '*', 1000), '/', eb.ref('p.capacity_wp')).as('yield'),
    ])
    .orderBy('yield', 'desc')
    .orderBy('p.id')
    .limit(DASHBOARD_TOP_PLANTS)
    .execute();

  const [plants, orgs, power, days, top] = await Promise.all([plantsQ, orgsQ, powerQ, daysQ, topQ]);
  return { plants, orgs, power, days, top };
}
