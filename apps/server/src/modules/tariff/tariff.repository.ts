import type { PowerCompanyQuery, PriceQuery } from '@pv/contract';
import { sql, type Insertable, type Kysely, type SqlBool, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ElectricityPricesTable, PlantRevenueDailyTable, PowerCompaniesTable } from './tariff.tables.js';
import { jsonField, type DialectName } from '../../db/dialect.js';
import type { SessionUser } from '../../lib/types.js';
import { plantScope } from '../plant/index.js';

type Db = Kysely<Database>;
type Trx = Transaction<Database> | Db;

const like = (v: string) => `%${v.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
const likeExpr = (col: string, v: string) => sql<SqlBool>`lower(${sql.ref(col)}) like ${like(v)} escape '\\'`;

// ---- power companies

function companies(db: Db, f: Omit<PowerCompanyQuery, 'pageNum' | 'pageSize'>) {
  let q = db.selectFrom('power_companies as c');
  if (f.keyword) q = q.where((eb) => eb.or([likeExpr('c.name', f.keyword!), likeExpr('c.country', f.keyword!)]));
  return q;
}

const plantsOf = sql<number>`(select count(*) from plants pc_p where pc_p.power_company_id = c.id)`;
const pricesOf = sql<number>`(select count(*) from electricity_prices pc_e where pc_e.company_id = c.id)`;

export async function listCompanies(
  db: Db,
  f: Omit<PowerCompanyQuery, 'pageNum' | 'pageSize'>,
  limit: number,
  offset: number,
) {
  const [rows, total] = await Promise.all([
    companies(db, f)
      .selectAll('c')
      .select([plantsOf.as('plants'), pricesOf.as('prices')])
      .orderBy('c.name')
      .orderBy('c.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    companies(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findCompany(db: Db, id: number) {
  return db
    .selectFrom('power_companies as c')
    .selectAll('c')
    .select([plantsOf.as('plants'), pricesOf.as('prices')])
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export function companyOptions(db: Db) {
  return db.selectFrom('power_companies').select(['id', 'name', 'currency', 'price_areas']).orderBy('name').execute();
}

export async function insertCompany(db: Trx, row: Insertable<PowerCompaniesTable>) {
  const { id } = await db.insertInto('power_companies').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateCompany(db: Trx, id: number, row: Updateable<PowerCompaniesTable>) {
  await db.updateTable('power_companies').set(row).where('id', '=', id).execute();
}

export async function deleteCompany(db: Trx, id: number) {
  await db.deleteFrom('revenue_recomputes').where('company_id', '=', id).execute();
  await db.deleteFrom('electricity_prices').where('company_id', '=', id).execute();
  await db.deleteFrom('power_companies').where('id', '=', id).execute();
}

/** Plants that sell to a company (in one of `areas` when given). */
export async function plantsUsing(db: Db, companyId: number, areas?: string[]) {
  let q = db
    .selectFrom('plants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('power_company_id', '=', companyId);
  if (areas) q = q.where('price_area', 'in', areas.length ? areas : ['']);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function pricesIn(db: Db, companyId: number, areas: string[]) {
  if (!areas.length) return 0;
  const r = await db
    .selectFrom('electricity_prices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('area', 'in', areas)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// ---- electricity prices

function prices(db: Db, f: Omit<PriceQuery, 'pageNum' | 'pageSize'>) {
  let q = db.selectFrom('electricity_prices as e').innerJoin('power_companies as c', 'c.id', 'e.company_id');
  if (f.companyId) q = q.where('e.company_id', '=', f.companyId);
  if (f.area) q = q.where('e.area', '=', f.area);
  if (f.kind) q = q.where('e.kind', '=', f.kind);
  return q;
}
const PRICE_COLUMNS = [
  'e.id',
  'e.company_id',
  'c.name as company_name',
  'c.currency',
  'e.area',
  'e.kind',
  'e.valid_from',
  'e.valid_to',
  'e.periods',
  'e.updated_by',
  'e.updated_at',
] as const;

export async function listPrices(db: Db, f: Omit<PriceQuery, 'pageNum' | 'pageSize'>, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    prices(db, f)
      .select([...PRICE_COLUMNS])
      .orderBy('c.name')
      .orderBy('e.area')
      .orderBy('e.kind')
      .orderBy('e.valid_from', 'desc')
      .orderBy('e.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    prices(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export type PriceRecord = NonNullable<Awaited<ReturnType<typeof findPrice>>>;

export function findPrice(db: Db, id: number) {
  return prices(db, {})
    .select([...PRICE_COLUMNS])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

/** A price of the same company, area and kind whose validity meets [from, to] (to null: open). */
export function overlappingPrice(
  db: Db,
  p: { companyId: number; area: string; kind: string; from: string; to: string | null; exceptId?: number },
) {
  let q = db
    .selectFrom('electricity_prices')
    .select(['id', 'valid_from', 'valid_to'])
    .where('company_id', '=', p.companyId)
    .where('area', '=', p.area)
    .where('kind', '=', p.kind as 'feedIn')
    .where((eb) => eb.or([eb('valid_to', 'is', null), eb('valid_to', '>=', p.from)]));
  if (p.to !== null) q = q.where('valid_from', '<=', p.to);
  if (p.exceptId) q = q.where('id', '!=', p.exceptId);
  return q.orderBy('valid_from').executeTakeFirst();
}

export async function insertPrice(db: Trx, row: Insertable<ElectricityPricesTable>) {
  const { id } = await db.insertInto('electricity_prices').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updatePrice(db: Trx, id: number, row: Updateable<ElectricityPricesTable>) {
  await db.updateTable('electricity_prices').set(row).where('id', '=', id).execute();
}

export async function deletePrice(db: Trx, id: number) {
  await db.deleteFrom('electricity_prices').where('id', '=', id).execute();
}

/** Every feed-in price version of (company, area) pairs, oldest first. */
export function feedInPrices(db: Db, companyIds: number[]) {
  if (!companyIds.length) return Promise.resolve([]);
  return db
    .selectFrom('electricity_prices')
    .select(['company_id', 'area', 'valid_from', 'valid_to', 'periods'])
    .where('company_id', 'in', companyIds)
    .where('kind', '=', 'feedIn')
    .orderBy('valid_from')
    .execute();
}

// ---- recomputes

export async function insertRecompute(
  db: Trx,
  r: { companyId: number; area: string; from: string; to: string; total: number; by: string | null; now: number },
) {
  const { id } = await db
    .insertInto('revenue_recomputes')
    .values({
      company_id: r.companyId,
      area: r.area,
      from_day: r.from,
      to_day: r.to,
      state: 'queued',
      plants_total: r.total,
      plants_done: 0,
      created_by: r.by,
      created_at: r.now,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function findRecompute(db: Db, id: number) {
  return db.selectFrom('revenue_recomputes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function pendingRecomputes(db: Db) {
  return db
    .selectFrom('revenue_recomputes')
    .selectAll()
    .where('state', 'in', ['queued', 'running'])
    .orderBy('id')
    .execute();
}

export async function setRecompute(
  db: Db,
  id: number,
  set: { state?: 'running' | 'done' | 'failed'; done?: number; total?: number; finishedAt?: number },
) {
  await db
    .updateTable('revenue_recomputes')
    .set({
      ...(set.state && { state: set.state }),
      ...(set.done !== undefined && { plants_done: set.done }),
      ...(set.total !== undefined && { plants_total: set.total }),
      ...(set.finishedAt !== undefined && { finished_at: set.finishedAt }),
    })
    .where('id', '=', id)
    .execute();
}

// ---- revenue

export interface TariffPlant {
  id: number;
  time_zone: string;
  power_company_id: number;
  price_area: string;
  currency: string;
  latitude: number | null;
  longitude: number | null;
}

/** Plants with a tariff (company, area and currency), by id after `after`; of one company's area when given. */
export async function tariffPlantsAfter(
  db: Db,
  after: number,
  limit: number,
  of?: { companyId: number; area: string },
): Promise<TariffPlant[]> {
  let q = db
    .selectFrom('plants')
    .select(['id', 'time_zone', 'power_company_id', 'price_area', 'currency', 'latitude', 'longitude'])
    .where('id', '>', after)
    .where('power_company_id', 'is not', null)
    .where('price_area', 'is not', null)
    .where('currency', 'is not', null);
  if (of) q = q.where('power_company_id', '=', of.companyId).where('price_area', '=', of.area);
  return (await q.orderBy('id').limit(limit).execute()) as TariffPlant[];
}

/** Of `ids`, the first local day of each plant's revenue rows (a plant without rows is not in the map). */
export async function firstRevenueDays(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .selectFrom('plant_revenue_daily')
    .select((eb) => ['plant_id', eb.fn.min<string>('day').as('first')])
    .where('plant_id', 'in', ids)
    .groupBy('plant_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.plant_id), r.first]));
}

/**
 * The first local day a plant's production was counted (its inverters' device_daily, the energy
 * of inverters that left it) or its inverters have a 5-minute bucket (epoch ms): where its
 * history starts.
 */
export async function historyStart(db: Db, plantId: number) {
  const [daily, retired, bucket] = await Promise.all([
    db
      .selectFrom('devices as d')
      .innerJoin('device_daily as dd', 'dd.device_id', 'd.id')
      .where('d.plant_id', '=', plantId)
      .where('d.type', '=', 'inverter')
      .where('dd.energy_kwh', '>', 0)
      .select((eb) => eb.fn.min<string>('dd.day').as('first'))
      .executeTakeFirst(),
    db
      .selectFrom('plant_retired_energy')
      .where('plant_id', '=', plantId)
      .where('energy_kwh', '>', 0)
      .select((eb) => eb.fn.min<string>('day').as('first'))
      .executeTakeFirst(),
    db
      .selectFrom('devices as d')
      .innerJoin('device_rollup_5m as r', 'r.device_id', 'd.id')
      .where('d.plant_id', '=', plantId)
      .where('d.type', '=', 'inverter')
      .select((eb) => eb.fn.min<number>('r.bucket').as('first'))
      .executeTakeFirst(),
  ]);
  const days = [daily?.first, retired?.first].filter((d): d is string => typeof d === 'string' && d.length > 0);
  return {
    day: days.length ? days.sort()[0] : undefined,
    bucket: bucket?.first == null ? undefined : Number(bucket.first),
  };
}

/** Sum of the plants' inverters' average acPower (W) per 5-minute bucket in [from, to). */
export function bucketPower(db: Db, dialect: DialectName, ids: number[], from: number, to: number) {
  return db
    .selectFrom('devices as d')
    .innerJoin('device_rollup_5m as r', 'r.device_id', 'd.id')
    .where('d.plant_id', 'in', ids)
    .where('d.type', '=', 'inverter')
    .where('r.bucket', '>=', from)
    .where('r.bucket', '<', to)
    .select((eb) => [
      'd.plant_id',
      'r.bucket',
      eb.fn.sum<number>(jsonField(dialect, 'r.points', 'acPower', 'number')).as('w'),
    ])
    .groupBy(['d.plant_id', 'r.bucket'])
    .execute();
}

/**
 * The production the platform counted per plant and local day in [from, to]: its inverters'
 * device_daily and the energy of inverters that left it (plant_retired_energy), as the plant's
 * own figures count it (docs/energy-model.md §3).
 */
export async function countedEnergy(db: Db, ids: number[], from: string, to: string) {
  const [own, retired] = await Promise.all([
    db
      .selectFrom('devices as d')
      .innerJoin('device_daily as dd', 'dd.device_id', 'd.id')
      .where('d.plant_id', 'in', ids)
      .where('d.type', '=', 'inverter')
      .where('dd.day', '>=', from)
      .where('dd.day', '<=', to)
      .select((eb) => ['d.plant_id', 'dd.day', eb.fn.sum<number>('dd.energy_kwh').as('kwh')])
      .groupBy(['d.plant_id', 'dd.day'])
      .execute(),
    db
      .selectFrom('plant_retired_energy')
      .where('plant_id', 'in', ids)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .select(['plant_id', 'day', 'energy_kwh as kwh'])
      .execute(),
  ]);
  return [...own, ...retired].map((r) => ({ plant_id: Number(r.plant_id), day: r.day, kwh: Number(r.kwh ?? 0) }));
}

/** Replaces the revenue rows of `plantIds` of the local days [from, to] with `rows` (one delete, multi-row inserts). */
export async function replaceRevenue(
  trx: Trx,
  plantIds: number[],
  from: string,
  to: string,
  rows: Insertable<PlantRevenueDailyTable>[],
) {
  await trx
    .deleteFrom('plant_revenue_daily')
    .where('plant_id', 'in', plantIds)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto('plant_revenue_daily')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** A plant's revenue rows go (its tariff changed: the job computes them again). */
export async function forgetRevenue(trx: Trx, plantId: number) {
  await trx.deleteFrom('plant_revenue_daily').where('plant_id', '=', plantId).execute();
  await trx
    .updateTable('plant_stats')
    .set({ revenue_today: null, revenue_month: null, revenue_year: null, revenue_total: null, revenue_currency: null })
    .where('plant_id', '=', plantId)
    .execute();
}

/** Revenue per plant, month (yyyy-mm) and currency of `ids`, and the day `today` of each separately. */
export function revenuePerMonth(db: Db, ids: number[]) {
  return db
    .selectFrom('plant_revenue_daily')
    .where('plant_id', 'in', ids)
    .select((eb) => [
      'plant_id',
      'currency',
      sql<string>`substr(day, 1, 7)`.as('month'),
      eb.fn.sum<number>('amount').as('amount'),
    ])
    .groupBy(['plant_id', 'currency', sql`substr(day, 1, 7)`])
    .execute();
}

export function revenueOfDays(db: Db, ids: number[], days: string[]) {
  return db
    .selectFrom('plant_revenue_daily')
    .where('plant_id', 'in', ids)
    .where('day', 'in', days)
    .select((eb) => ['plant_id', 'day', 'currency', eb.fn.sum<number>('amount').as('amount')])
    .groupBy(['plant_id', 'day', 'currency'])
    .execute();
}

export async function writeRevenueStats(
  trx: Trx,
  rows: {
    plantId: number;
    currency: string | null;
    today: number | null;
    month: number | null;
    year: number | null;
    total: number | null;
  }[],
) {
  for (const r of rows)
    await trx
      .updateTable('plant_stats')
      .set({
        revenue_currency: r.currency,
        revenue_today: r.today,
        revenue_month: r.month,
        revenue_year: r.year,
        revenue_total: r.total,
      })
      .where('plant_id', '=', r.plantId)
      .execute();
}

/** Stats rows that still show revenue of a plant that no longer has a tariff. */
export async function clearStaleRevenueStats(db: Db) {
  await db
    .updateTable('plant_stats')
    .set({ revenue_today: null, revenue_month: null, revenue_year: null, revenue_total: null, revenue_currency: null })
    .where('revenue_currency', 'is not', null)
    .where(
      sql<SqlBool>`plant_id in (select p.id from plants p where p.power_company_id is null or p.currency is null or p.currency <> plant_stats.revenue_currency)`,
    )
    .execute();
}

// ---- reading revenue

/** A plant the caller sees (scope or grant), with its tariff and time zone. */
export function visiblePlant(db: Db, me: SessionUser, id: number) {
  return db
    .selectFrom('plants as p')
    .innerJoin('orgs as o', 'o.id', 'p.org_id')
    .where(plantScope(me))
    .where('p.id', '=', id)
    .select(['p.id', 'p.time_zone', 'p.power_company_id', 'p.price_area', 'p.currency'])
    .executeTakeFirst();
}

export function plantRevenueRows(db: Db, plantId: number, currency: string, from: string, to: string) {
  return db
    .selectFrom('plant_revenue_daily')
    .select(['day', 'period', 'kwh', 'amount'])
    .where('plant_id', '=', plantId)
    .where('currency', '=', currency)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .orderBy('period')
    .execute();
}

/** The fleet's revenue per currency over the plants the caller sees (plant_stats, kept by the job). */
export function fleetRevenue(db: Db, me: SessionUser) {
  return db
    .selectFrom('plant_stats as s')
    .innerJoin('plants as p', 'p.id', 's.plant_id')
    .innerJoin('orgs as o', 'o.id', 'p.org_id')
    .where(plantScope(me))
    .where('s.revenue_currency', 'is not', null)
    .select((eb) => [
      's.revenue_currency as currency',
      eb.fn.sum<number>('s.revenue_today').as('today'),
      eb.fn.sum<number>('s.revenue_month').as('month'),
      eb.fn.sum<number>('s.revenue_year').as('year'),
      eb.fn.sum<number>('s.revenue_total').as('total'),
      eb.fn.countAll<number>().as('plants'),
    ])
    .groupBy('s.revenue_currency')
    .orderBy('s.revenue_currency')
    .execute();
}

/** Sets a plant's tariff columns; answers whether they changed. */
export async function setPlantTariff(
  db: Db,
  plantId: number,
  t: { power_company_id: number | null; price_area: string | null; currency: string | null },
) {
  const cur = await db
    .selectFrom('plants')
    .select(['power_company_id', 'price_area', 'currency'])
    .where('id', '=', plantId)
    .executeTakeFirst();
  if (!cur) return false;
  const changed =
    cur.power_company_id !== t.power_company_id || cur.price_area !== t.price_area || cur.currency !== t.currency;
  if (changed) await db.updateTable('plants').set(t).where('id', '=', plantId).execute();
  return changed;
}

/** The filtered companies by name, in keyset batches (the export). */
export async function* iterateCompanies(db: Db, f: Omit<PowerCompanyQuery, 'pageNum' | 'pageSize'>, batch = 500) {
  for (let offset = 0; ; offset += batch) {
    const rows = await companies(db, f)
      .selectAll('c')
      .select([plantsOf.as('plants'), pricesOf.as('prices')])
      .orderBy('c.name')
      .orderBy('c.id')
      .limit(batch)
      .offset(offset)
      .execute();
    yield* rows;
    if (rows.length < batch) return;
  }
}
