import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { PlantStatsTable } from './plant.tables.js';
import { jsonField, type DialectName } from '../../db/dialect.js';

/**
 * The plant-stats job's reads and writes (plant-stats.ts decides what to read when). Every read
 * is over a range of plant ids, `from` to `to` inclusive, so it runs on the index on plant_id.
 */

/** Up to `limit` plants after the id `after`, in id order. */
export function plantsAfter(db: Kysely<Database>, after: number, limit: number) {
  return db
    .selectFrom('plants')
    .select(['id', 'time_zone'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Per plant: its devices, those online, those in failure, the power of its online inverters (their
 * `acPower`: only inverters produce) and the latest time one of them was online.
 */
export function deviceFigures(db: Kysely<Database>, dialect: DialectName, from: number, to: number) {
  const acPower = sql<number>`coalesce(${jsonField(dialect, 'd.last_points', 'acPower', 'number')}, 0)`;
  return db
    .selectFrom('devices as d')
    .where('d.plant_id', '>=', from)
    .where('d.plant_id', '<=', to)
    .select((eb) => [
      'd.plant_id',
      eb.fn.countAll<number>().as('devices'),
      eb.fn.sum<number>(eb.case().when('d.online_state', '=', 'online').then(1).else(0).end()).as('online'),
      eb.fn.sum<number>(eb.case().when('d.run_state', '=', 'failure').then(1).else(0).end()).as('failure'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('d.online_state', '=', 'online'), eb('d.type', '=', 'inverter')]))
            .then(acPower)
            .else(0)
            .end(),
        )
        .as('power'),
      eb.fn.max('d.last_online_at').as('updated'),
    ])
    .groupBy('d.plant_id')
    .execute();
}

/** Per plant: the faults of its devices that are not repaired. */
export function openFaultCounts(db: Kysely<Database>, from: number, to: number) {
  return db
    .selectFrom('devices as d')
    .innerJoin('faults as f', 'f.device_id', 'd.id')
    .where('d.plant_id', '>=', from)
    .where('d.plant_id', '<=', to)
    .where('f.state', '=', 'unrepaired')
    .select((eb) => ['d.plant_id', eb.fn.countAll<number>().as('n')])
    .groupBy('d.plant_id')
    .execute();
}

/**
 * Per plant and day of `days`: the production of its inverters (device_daily, plant-local days)
 * and of those that left it (plant_retired_energy), one row per plant and day.
 */
export async function inverterEnergyOfDays(db: Kysely<Database>, from: number, to: number, days: string[]) {
  const [current, retired] = await Promise.all([
    db
      .selectFrom('devices as d')
      .innerJoin('device_daily as dd', 'dd.device_id', 'd.id')
      .where('d.plant_id', '>=', from)
      .where('d.plant_id', '<=', to)
      .where('d.type', '=', 'inverter')
      .where('dd.day', 'in', days)
      .select((eb) => ['d.plant_id', 'dd.day', eb.fn.sum<number>('dd.energy_kwh').as('kwh')])
      .groupBy(['d.plant_id', 'dd.day'])
      .execute(),
    db
      .selectFrom('plant_retired_energy as r')
      .where('r.plant_id', '>=', from)
      .where('r.plant_id', '<=', to)
      .where('r.day', 'in', days)
      .select(['r.plant_id', 'r.day', 'r.energy_kwh as kwh'])
      .execute(),
  ]);
  return addUp(current, retired, (r) => r.day);
}

/** Per plant and month ('YYYY-MM'): the production of its inverters, and of those that left it, over all their history. */
export async function inverterEnergyPerMonth(db: Kysely<Database>, from: number, to: number) {
  const [current, retired] = await Promise.all([
    db
      .selectFrom('devices as d')
      .innerJoin('device_daily as dd', 'dd.device_id', 'd.id')
      .where('d.type', '=', 'inverter')
      .where('d.plant_id', '>=', from)
      .where('d.plant_id', '<=', to)
      .select((eb) => [
        'd.plant_id',
        sql<string>`substr(dd.day, 1, 7)`.as('month'),
        eb.fn.sum<number>('dd.energy_kwh').as('kwh'),
      ])
      .groupBy(['d.plant_id', sql`substr(dd.day, 1, 7)`])
      .execute(),
    db
      .selectFrom('plant_retired_energy as r')
      .where('r.plant_id', '>=', from)
      .where('r.plant_id', '<=', to)
      .select((eb) => [
        'r.plant_id',
        sql<string>`substr(r.day, 1, 7)`.as('month'),
        eb.fn.sum<number>('r.energy_kwh').as('kwh'),
      ])
      .groupBy(['r.plant_id', sql`substr(r.day, 1, 7)`])
      .execute(),
  ]);
  return addUp(current, retired, (r) => r.month);
}

/** The rows of both lists, those of one plant and `key` added up into one. */
function addUp<R extends { plant_id: number | null; kwh: number | string | null }>(
  a: R[],
  b: R[],
  key: (r: R) => string,
): R[] {
  const out = new Map<string, R>();
  for (const r of [...a, ...b]) {
    const k = `${r.plant_id}|${key(r)}`;
    const seen = out.get(k);
    if (seen) out.set(k, { ...seen, kwh: Number(seen.kwh) + Number(r.kwh) });
    else out.set(k, r);
  }
  return [...out.values()];
}

/** The plant_stats rows of the plants in the range, as stored. */
export function plantStatsRows(db: Kysely<Database>, from: number, to: number) {
  return db.selectFrom('plant_stats').selectAll().where('plant_id', '>=', from).where('plant_id', '<=', to).execute();
}

/** Which of these plants exist (a plant deleted while its figures were computed is missing). */
export async function existingPlantIds(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  const found: number[] = [];
  for (let i = 0; i < ids.length; i += WRITE_CHUNK) {
    const rows = await db
      .selectFrom('plants')
      .select('id')
      .where('id', 'in', ids.slice(i, i + WRITE_CHUNK))
      .execute();
    for (const r of rows) found.push(r.id);
  }
  return found;
}

/** statements stay well below the databases' limits on bound parameters */
const WRITE_CHUNK = 250;

/** Inserts or replaces plant_stats rows (call it in a transaction: several statements). */
export async function upsertPlantStats(trx: Transaction<Database>, rows: PlantStatsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
    await trx
      .insertInto('plant_stats')
      .values(rows.slice(i, i + WRITE_CHUNK))
      .onConflict((oc) =>
        oc.column('plant_id').doUpdateSet((eb) => ({
          power_w: eb.ref('excluded.power_w'),
          energy_today: eb.ref('excluded.energy_today'),
          energy_month: eb.ref('excluded.energy_month'),
          energy_year: eb.ref('excluded.energy_year'),
          energy_total: eb.ref('excluded.energy_total'),
          status: eb.ref('excluded.status'),
          devices: eb.ref('excluded.devices'),
          devices_online: eb.ref('excluded.devices_online'),
          open_faults: eb.ref('excluded.open_faults'),
          data_updated_at: eb.ref('excluded.data_updated_at'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}
