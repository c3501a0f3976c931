import type { PlantBody, PlantListQuery, PlantRow } from '@pv/contract';
import { sql, type CompiledQuery, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import { dialectOf, type DialectName } from '../../db/dialect.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import { contains } from '../../lib/like.js';

type Filters = Omit<PlantListQuery, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>;

/**
 * The plants a user may see: those of their data scope, plus the plants granted to them
 * (plant_grants). A grant only opens reading: writes use `plantInScope`.
 */
export function plantScope(me: SessionUser, plantCol = 'p.id', orgAlias = 'o') {
  if (me.dataScope === 'all') return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${inScope(me, orgAlias)} or ${sql.ref(plantCol)} in (select g.plant_id from plant_grants g where g.user_id = ${me.id}))`;
}

/** The plants granted to a user (plant_grants), which they see beyond their data scope. */
export async function grantedPlantIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('plant_grants').select('plant_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.plant_id);
}

const likeExpr = contains;

/** A plant with everything its row shows, among those the caller sees (scope and grants): what `findPlant` reads. */
export function plantBase(db: Kysely<Database>, me: SessionUser) {
  return db
    .selectFrom('plants as p')
    .innerJoin('orgs as o', 'o.id', 'p.org_id')
    .innerJoin('plant_stats as s', 's.plant_id', 'p.id')
    .leftJoin('customers as c', 'c.id', 'p.owner_id')
    .leftJoin('orgs as io', 'io.id', 'p.installer_org_id')
    .leftJoin('plant_favourites as fav', (j) => j.onRef('fav.plant_id', '=', 'p.id').on('fav.user_id', '=', me.id))
    .where(plantScope(me));
}

const SORT: Record<NonNullable<PlantListQuery['sortField']>, string> = {
  name: 'p.name',
  capacity: 'p.capacity_wp',
  installedAt: 'p.installed_at',
  dataUpdatedAt: 's.data_updated_at',
  power: 's.power_w',
  energyToday: 's.energy_today',
  energyMonth: 's.energy_month',
  energyYear: 's.energy_year',
  energyTotal: 's.energy_total',
  status: 's.status',
  createdAt: 'p.created_at',
  revenueToday: 's.revenue_today',
  revenueTotal: 's.revenue_total',
};

/**
 * A plant's list row (the contract's PlantRow) as one JSON object built by the database, from the
 * plants `p`, orgs `o` and `io` (installer), customers `c`, plant_stats `s` and the caller's
 * favourite `fav` of `plantBase`. The list sends these texts as they come (a page no longer goes
 * through a row object, JSON.parse, the schema and JSON.stringify: about 120 µs of a 20-row page,
 * docs/performance.md); one plant and the export parse them. A revenue shows only in the plant's
 * own currency (a tariff just changed shows none until the revenue job ran).
 */
function rowJson(db: Kysely<Database>) {
  return ROW_JSON[dialectOf(db)];
}

function rowJsonOf(dialect: DialectName): RawBuilder<string> {
  const pg = dialect === 'postgres';
  const fields: [string, string][] = [
    ['id', 'p.id'],
    ['name', 'p.name'],
    ['capacityKw', 'p.capacity_wp / 1000.0'],
    ['country', 'p.country'],
    ['timeZone', 'p.time_zone'],
    ['address', 'p.address'],
    ['installedAt', 'p.installed_at'],
    ['dataUpdatedAt', 's.data_updated_at'],
    ['ownerId', 'p.owner_id'],
    ['ownerName', 'c.name'],
    ['installerOrgId', 'p.installer_org_id'],
    ['installerName', 'io.name'],
    ['orgId', 'p.org_id'],
    ['orgName', 'o.name'],
    ['power', 'coalesce(s.power_w, 0)'],
    ['energyToday', 'coalesce(s.energy_today, 0)'],
    ['energyMonth', 'coalesce(s.energy_month, 0)'],
    ['energyYear', 'coalesce(s.energy_year, 0)'],
    ['energyTotal', 'coalesce(s.energy_total, 0)'],
    ['status', "coalesce(s.status, 'offline')"],
    ['devices', 'coalesce(s.devices, 0)'],
    ['devicesOnline', 'coalesce(s.devices_online, 0)'],
    ['openFaults', 'coalesce(s.open_faults, 0)'],
    [
      'favourite',
      pg ? '(fav.user_id is not null)' : "json(case when fav.user_id is null then 'false' else 'true' end)",
    ],
    ['installPosition', 'p.install_position'],
    ['installCapacityWp', 'p.install_capacity_wp'],
    ['latitude', 'p.latitude'],
    ['longitude', 'p.longitude'],
    ['createdAt', 'p.created_at'],
    ['powerCompanyId', 'p.power_company_id'],
    ['priceArea', 'p.price_area'],
    ['currency', 'p.currency'],
    ['revenueToday', 'case when s.revenue_currency = p.currency then coalesce(s.revenue_today, 0) end'],
    ['revenueTotal', 'case when s.revenue_currency = p.currency then coalesce(s.revenue_total, 0) end'],
  ];
  const pairs = fields.map(([key, value]) => `'${key}', ${value}`).join(', ');
  return sql.raw(pg ? `json_build_object(${pairs})::text` : `json_object(${pairs})`);
}

/** `rowJson` of each dialect, written once (a raw builder is never changed by its use). */
const ROW_JSON: Record<DialectName, RawBuilder<string>> = {
  sqlite: rowJsonOf('sqlite'),
  postgres: rowJsonOf('postgres'),
};

/**
 * ORDER BY of the list, ties broken by id; the same shape as the indexes on the sort columns. A
 * revenue sorts within its currency (the currency first, in the same direction, so one index
 * serves both): amounts of different currencies are never compared. Plants without a tariff have
 * no revenue and come after those that have, either way.
 */
function orderOf(field: PlantListQuery['sortField'], order: PlantListQuery['sortOrder']) {
  const key = `${field ?? ''} ${order === 'ascend' ? 'asc' : 'desc'}`;
  let built = ORDERS.get(key);
  if (!built) ORDERS.set(key, (built = orderSql(field, order)));
  return built;
}

/** Each ORDER BY of `orderOf`, built once (raw builders are immutable). */
const ORDERS = new Map<string, RawBuilder<unknown>>();

function orderSql(field: PlantListQuery['sortField'], order: PlantListQuery['sortOrder']) {
  const dir = sql.raw(order === 'ascend' ? 'asc' : 'desc');
  if (!field) return sql`p.id desc`;
  const col = sql.ref(SORT[field]);
  const tie = sql.ref(SORT[field].startsWith('s.') ? 's.plant_id' : 'p.id');
  if (field.startsWith('revenue'))
    return sql`s.revenue_currency ${dir} nulls last, ${col} ${dir} nulls last, ${tie} ${dir}`;
  return sql`${col} ${dir}, ${tie} ${dir}`;
}

/**
 * Whether the scope or a filter reads the plants table. Without one, plant_stats alone answers:
 * every stats row is a plant's (its foreign key, deleted with the plant).
 */
const readsPlants = (me: SessionUser, f: Filters) =>
  me.dataScope !== 'all' || Boolean(f.name || f.owner || f.ownerId || f.installer || f.org || f.favourite);

/** The stats rows of `matchingPlants` when it would read no plant column (`readsPlants` false). */
function matchingStats(db: Kysely<Database>, f: Filters) {
  const q = db.selectFrom('plant_stats as s');
  return f.status ? q.where('s.status', '=', f.status) : q;
}

/**
 * The plants of the caller's scope that pass the filters, joined to their stats row only: the scope
 * and every other filter are an IN over a small indexed set (the scope's organisations, the grants,
 * the matching owners), so a page is read in the order of a plants or plant_stats index and stops
 * after its rows, whatever the sort.
 */
function matchingPlants(db: Kysely<Database>, me: SessionUser, f: Filters, inSortOrder = false) {
  let q = db.selectFrom('plants as p').innerJoin('plant_stats as s', 's.plant_id', 'p.id');
  // SQLite keeps no statistics to weigh a scope's size: left alone it gathers every plant of the
  // scope through plants_org and sorts them all for one page. A page reads the sort index in
  // order instead and stops after its rows (a unary + keeps the org id off the index).
  const orgId = sql.raw(inSortOrder && dialectOf(db) === 'sqlite' ? '+p.org_id' : 'p.org_id');
  if (me.dataScope !== 'all')
    q = q.where(
      sql<SqlBool>`(${orgId} in (select o.id from orgs o where ${inScope(me, 'o')}) or p.id in (select g.plant_id from plant_grants g where g.user_id = ${me.id}))`,
    );
  if (f.name) q = q.where(likeExpr('p.name', f.name));
  if (f.owner)
    q = q.where(
      sql<SqlBool>`p.owner_id in (select c.id from customers c where ${likeExpr('c.name', f.owner)} or ${likeExpr('c.nickname', f.owner)})`,
    );
  if (f.ownerId) q = q.where('p.owner_id', '=', f.ownerId);
  if (f.installer)
    q = q.where(
      sql<SqlBool>`p.installer_org_id in (select io.id from orgs io where ${likeExpr('io.name', f.installer)})`,
    );
  if (f.org) q = q.where(sql<SqlBool>`p.org_id in (select o.id from orgs o where ${likeExpr('o.name', f.org)})`);
  if (f.favourite)
    q = q.where(sql<SqlBool>`p.id in (select fav.plant_id from plant_favourites fav where fav.user_id = ${me.id})`);
  // plant_stats.status is never null, so this is the list's coalesce(status, 'offline') over an index
  if (f.status) q = q.where('s.status', '=', f.status);
  return q;
}

/**
 * One page in the list's order: the ids first, from `matchingPlants` (an index read that skips
 * `offset` rows without joining them), then the rows of those ids only.
 */
function pageStatement(
  db: Kysely<Database>,
  me: SessionUser,
  f: Filters,
  sort: Pick<PlantListQuery, 'sortField' | 'sortOrder'>,
  limit: number,
  offset: number,
): CompiledQuery<{ row: string }> {
  const order = orderOf(sort.sortField, sort.sortOrder);
  // a figure's order over the whole fleet is the stats index alone, however deep the page
  const ids =
    sort.sortField && SORT[sort.sortField].startsWith('s.') && !readsPlants(me, f)
      ? matchingStats(db, f).select('s.plant_id').orderBy(order).limit(limit).offset(offset)
      : matchingPlants(db, me, f, true).select('p.id').orderBy(order).limit(limit).offset(offset);
  // the subquery compiles in its own parentheses: `in ${ids}`, not `in (${ids})` (a one-value list)
  return sql<{ row: string }>`select ${rowJson(db)} as "row"
    from plants p
    inner join orgs o on o.id = p.org_id
    inner join plant_stats s on s.plant_id = p.id
    left join customers c on c.id = p.owner_id
    left join orgs io on io.id = p.installer_org_id
    left join plant_favourites fav on fav.plant_id = p.id and fav.user_id = ${me.id}
    where p.id in ${ids}
    order by ${order}`.compile(db);
}

/**
 * The page statements of the list as compiled (SQL text and parameters), by everything they are
 * made of: the dialect, the caller's scope (id, data scope, organisation), the filters, the sort
 * and the page. Building and compiling one through Kysely, then finding its prepared statement by
 * a new 2.4 kB text, was about a quarter of the list's own time (docs/performance.md); the same
 * request now runs the same statement object. Only the statement is kept, never what it answers:
 * every request runs it. At most PAGE_STATEMENTS_KEPT, then it starts again.
 */
const pageStatements = new Map<string, CompiledQuery<{ row: string }>>();
const PAGE_STATEMENTS_KEPT = 1000;

function keptPageStatement(
  db: Kysely<Database>,
  me: SessionUser,
  f: Filters,
  sort: Pick<PlantListQuery, 'sortField' | 'sortOrder'>,
  limit: number,
  offset: number,
): CompiledQuery<{ row: string }> {
  const key = JSON.stringify([
    dialectOf(db),
    me.id,
    me.dataScope,
    me.orgId,
    me.orgPath,
    f,
    sort.sortField ?? null,
    sort.sortOrder ?? null,
    limit,
    offset,
  ]);
  let statement = pageStatements.get(key);
  if (!statement) {
    if (pageStatements.size >= PAGE_STATEMENTS_KEPT) pageStatements.clear();
    statement = pageStatement(db, me, f, sort, limit, offset);
    pageStatements.set(key, statement);
  }
  return statement;
}

/** The rows of a page statement, as the JSON texts the database wrote. */
async function pageRows(db: Kysely<Database>, statement: CompiledQuery<{ row: string }>): Promise<string[]> {
  const { rows } = await db.executeQuery(statement);
  return rows.map((r) => r.row);
}

/**
 * Tab counts of the same filters are kept a few seconds: they are the costly part of a list
 * request (a count over every plant of the scope), the figures behind them change only when the
 * stats refresh writes, and every plant write clears them. They do not depend on the sort, so
 * sorting or paging never counts again. Each server process holds its own.
 */
const COUNTS_TTL_MS = 5_000;
const countsCache = new Map<
  string,
  { at: number; counts: { all: number; online: number; offline: number; fault: number } }
>();
export const clearPlantCounts = () => countsCache.clear();

/** Tab counts (all / online / offline / fault) of the filtered list, before the status filter. */
export async function plantCounts(db: Kysely<Database>, me: SessionUser, f: Filters) {
  const { status: _s, ...rest } = f;
  const key = JSON.stringify([
    me.dataScope === 'all' ? 'all' : [me.dataScope, me.orgPath, me.orgId, me.id],
    rest.favourite ? me.id : 0,
    rest,
  ]);
  const hit = countsCache.get(key);
  if (hit && Date.now() - hit.at < COUNTS_TTL_MS) return hit.counts;
  const rows = await (
    readsPlants(me, rest)
      ? matchingPlants(db, me, rest).select((eb) => ['s.status', eb.fn.countAll<number>().as('n')])
      : matchingStats(db, rest).select((eb) => ['s.status', eb.fn.countAll<number>().as('n')])
  )
    .groupBy('s.status')
    .execute();
  const counts = { all: 0, online: 0, offline: 0, fault: 0 };
  for (const r of rows) {
    counts[r.status] += Number(r.n);
    counts.all += Number(r.n);
  }
  if (countsCache.size > 1000) countsCache.clear();
  countsCache.set(key, { at: Date.now(), counts });
  return counts;
}

/**
 * One page of the list with its tab counts, as the JSON text of the contract's PlantPage: the rows
 * as the database wrote them (`rowJson`), joined, not parsed.
 */
export async function listPlantsJson(db: Kysely<Database>, me: SessionUser, q: PlantListQuery): Promise<string> {
  const { pageNum, pageSize, sortField, sortOrder, ...filters } = q;
  const [counts, rows] = await Promise.all([
    plantCounts(db, me, filters),
    pageRows(db, keptPageStatement(db, me, filters, { sortField, sortOrder }, pageSize, (pageNum - 1) * pageSize)),
  ]);
  const total = filters.status ? counts[filters.status] : counts.all;
  return `{"rows":[${rows.join(',')}],"total":${total},"counts":${JSON.stringify(counts)}}`;
}

/** Every matching plant in the list's order, a batch at a time (exports never hold the whole list). */
export async function* iteratePlants(
  db: Kysely<Database>,
  me: SessionUser,
  q: Omit<PlantListQuery, 'pageNum' | 'pageSize'>,
  batch = 500,
): AsyncGenerator<PlantRow> {
  const { sortField, sortOrder, ...filters } = q;
  for (let offset = 0; ; offset += batch) {
    const rows = await pageRows(db, pageStatement(db, me, filters, { sortField, sortOrder }, batch, offset));
    if (!rows.length) return;
    for (const row of rows) yield JSON.parse(row) as PlantRow;
    if (rows.length < batch) return;
  }
}

export async function findPlant(db: Kysely<Database>, me: SessionUser, id: number): Promise<PlantRow | undefined> {
  const row = await plantBase(db, me).select(rowJson(db).as('row')).where('p.id', '=', id).executeTakeFirst();
  return row ? (JSON.parse(row.row as string) as PlantRow) : undefined;
}

/**
 * A plant in the caller's scope, or undefined (→ 404): `change` (the default) is their data scope,
 * what every write needs; `see` adds the plants granted to them (plant_grants), which they may read.
 */
export function plantInScope(db: Kysely<Database>, me: SessionUser, id: number, mode: 'change' | 'see' = 'change') {
  return db
    .selectFrom('plants as p')
    .innerJoin('orgs as o', 'o.id', 'p.org_id')
    .select(['p.id', 'p.org_id', 'p.name'])
    .where('p.id', '=', id)
    .where(mode === 'see' ? plantScope(me) : inScope(me, 'o'))
    .executeTakeFirst();
}

/** Whether the customer is one of an organisation in the caller's scope. */
export async function customerInScope(db: Kysely<Database>, me: SessionUser, customerId: number) {
  const row = await db
    .selectFrom('customers as c')
    .innerJoin('orgs as o', 'o.id', 'c.org_id')
    .select('c.id')
    .where('c.id', '=', customerId)
    .where(inScope(me, 'o'))
    .executeTakeFirst();
  return row !== undefined;
}

export async function orgInScope(db: Kysely<Database>, me: SessionUser, orgId: number) {
  const row = await db
    .selectFrom('orgs as o')
    .select('o.id')
    .where('o.id', '=', orgId)
    .where(inScope(me, 'o'))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether another plant (not `exceptId`) of the organisation has this name. */
export async function plantNameTaken(db: Kysely<Database>, orgId: number, name: string, exceptId?: number) {
  let q = db.selectFrom('plants').select('id').where('org_id', '=', orgId).where('name', '=', name);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The customers (at most 1000, by name) and organisations of the caller's scope, for the plant form. */
export function plantFormOptions(db: Kysely<Database>, me: SessionUser) {
  return Promise.all([
    db
      .selectFrom('customers as c')
      .innerJoin('orgs as o', 'o.id', 'c.org_id')
      .select(['c.id', 'c.name', 'c.nickname', 'c.email', 'c.org_id'])
      .where(inScope(me, 'o'))
      .orderBy('c.name')
      .limit(1000)
      .execute(),
    db.selectFrom('orgs as o').select(['o.id', 'o.name']).where(inScope(me, 'o')).orderBy('o.path').execute(),
  ]);
}

export function findCustomer(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('customers')
    .select(['id', 'name', 'nickname', 'email', 'phone', 'address', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A plant the caller may see (grants included) with its time zone, for its chart. */
export async function plantZone(db: Kysely<Database>, me: SessionUser, id: number) {
  const row = await db
    .selectFrom('plants as p')
    .innerJoin('orgs as o', 'o.id', 'p.org_id')
    .select(['p.id', 'p.time_zone'])
    .where('p.id', '=', id)
    .where(plantScope(me))
    .executeTakeFirst();
  return row && { id: row.id, timeZone: row.time_zone };
}

/** The devices of a plant, each sub device after its collector, one page. */
export async function listPlantDevices(db: Kysely<Database>, plantId: number, limit: number, offset: number) {
  const base = db
    .selectFrom('devices as d')
    .leftJoin('devices as parent', 'parent.id', 'd.parent_id')
    .where('d.plant_id', '=', plantId);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'd.id',
        'd.sn',
        'd.name',
        'd.type',
        'parent.sn as parent_sn',
        'd.online_state',
        'd.run_state',
        'd.last_online_at',
        'd.last_points',
      ])
      .orderBy(sql`coalesce(d.parent_id, d.id)`)
      .orderBy('d.id')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(total) };
}

export async function addFavourite(db: Kysely<Database>, userId: number, plantId: number, now: number) {
  await db
    .insertInto('plant_favourites')
    .values({ user_id: userId, plant_id: plantId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'plant_id']).doNothing())
    .execute();
}

export async function removeFavourite(db: Kysely<Database>, userId: number, plantId: number) {
  await db.deleteFrom('plant_favourites').where('user_id', '=', userId).where('plant_id', '=', plantId).execute();
}

/** The plants columns a (partial) plant body sets. */
const columnsFor = (v: Partial<PlantBody>) => ({
  ...(v.name !== undefined && { name: v.name }),
  ...(v.capacityKw !== undefined && { capacity_wp: Math.round(v.capacityKw * 1000) }),
  ...(v.country !== undefined && { country: v.country }),
  ...(v.timeZone !== undefined && { time_zone: v.timeZone }),
  ...(v.address !== undefined && { address: v.address || null }),
  ...(v.installedAt !== undefined && { installed_at: v.installedAt }),
  ...(v.ownerId !== undefined && { owner_id: v.ownerId }),
  ...(v.installerOrgId !== undefined && { installer_org_id: v.installerOrgId }),
  ...(v.installPosition !== undefined && { install_position: v.installPosition }),
  ...(v.installCapacityWp !== undefined && { install_capacity_wp: v.installCapacityWp }),
  ...(v.latitude !== undefined && { latitude: v.latitude }),
  ...(v.longitude !== undefined && { longitude: v.longitude }),
});

/**
 * A new plant of `orgId` with its (empty) stats row: the list reads plants through plant_stats, so
 * the plant shows at once, offline, before the refresh computes its figures.
 */
export async function insertPlant(db: Kysely<Database>, orgId: number, b: PlantBody, now: number) {
  const { id } = await db
    .insertInto('plants')
    .values({
      org_id: orgId,
      name: b.name,
      capacity_wp: Math.round(b.capacityKw * 1000),
      time_zone: b.timeZone,
      created_at: now,
      ...columnsFor(b),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('plant_stats')
    .values({
      plant_id: id,
      power_w: 0,
      energy_today: 0,
      energy_month: 0,
      energy_year: 0,
      energy_total: 0,
      status: 'offline',
      devices: 0,
      devices_online: 0,
      open_faults: 0,
      data_updated_at: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('plant_id').doNothing())
    .execute();
  return id;
}

export async function updatePlant(db: Kysely<Database>, id: number, orgId: number, b: Partial<PlantBody>) {
  await db
    .updateTable('plants')
    .set({ ...columnsFor(b), org_id: orgId })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes a plant inside the caller's transaction: its devices are unbound and kept with all
 * their data; its stats row, favourites and grants go. Answers how many devices were unbound.
 */
export async function deletePlantRows(trx: Kysely<Database>, plantId: number): Promise<number> {
  const r = await trx.updateTable('devices').set({ plant_id: null }).where('plant_id', '=', plantId).executeTakeFirst();
  for (const t of ['plant_stats', 'plant_favourites', 'plant_grants'] as const)
    await trx.deleteFrom(t).where('plant_id', '=', plantId).execute();
  await trx.deleteFrom('plants').where('id', '=', plantId).execute();
  return Number(r.numUpdatedRows);
}

/** `deletePlantRows` in a transaction of its own. */
export function deletePlant(db: Kysely<Database>, plantId: number) {
  return db.transaction().execute((trx) => deletePlantRows(trx, plantId));
}

/** The users authorised on a plant, oldest grant first, with who granted them. */
export function listGrants(db: Kysely<Database>, plantId: number) {
  return db
    .selectFrom('plant_grants as g')
    .innerJoin('users as u', 'u.id', 'g.user_id')
    .leftJoin('users as by', 'by.id', 'g.granted_by')
    .select([
      'g.id',
      'g.user_id',
      'u.login_name',
      'u.nickname',
      'u.email',
      'g.perms',
      'by.nickname as granted_by',
      'g.created_at',
    ])
    .where('g.plant_id', '=', plantId)
    .orderBy('g.id')
    .execute();
}

export async function userEmail(db: Kysely<Database>, userId: number) {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

/** The enabled users with one of these (lower-case) e-mails. */
export function enabledUsersByEmail(db: Kysely<Database>, emails: string[]) {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sql`lower(email)`, 'in', emails)
    .where('state', '=', 'enabled')
    .execute();
}

/** Grants `perms` on the plant to each user, or changes the perms of a grant they already hold. */
export async function upsertGrants(
  db: Kysely<Database>,
  plantId: number,
  userIds: number[],
  perms: string,
  grantedBy: number,
  now: number,
) {
  await db
    .insertInto('plant_grants')
    .values(userIds.map((id) => ({ plant_id: plantId, user_id: id, perms, granted_by: grantedBy, created_at: now })))
    .onConflict((oc) => oc.columns(['plant_id', 'user_id']).doUpdateSet({ perms, granted_by: grantedBy }))
    .execute();
}

/** Whether the plant had this grant to update. */
export async function updateGrant(db: Kysely<Database>, plantId: number, grantId: number, perms: string) {
  const r = await db
    .updateTable('plant_grants')
    .set({ perms })
    .where('id', '=', grantId)
    .where('plant_id', '=', plantId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Whether the plant had this grant to delete. */
export async function deleteGrant(db: Kysely<Database>, plantId: number, grantId: number) {
  const r = await db
    .deleteFrom('plant_grants')
    .where('id', '=', grantId)
    .where('plant_id', '=', plantId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Type, state and latest points of each device of a plant (its weather and energy flow). */
export function plantDevicePoints(db: Kysely<Database>, plantId: number) {
  return db
    .selectFrom('devices')
    .select(['type', 'online_state', 'last_online_at', 'last_points'])
    .where('plant_id', '=', plantId)
    .execute();
}

/** The 5-minute rollups (bucket, points) of a plant's inverters from `fromBucket` on. */
export function inverterRollups(db: Kysely<Database>, plantId: number, fromBucket: number) {
  return db
    .selectFrom('device_rollup_5m as r')
    .innerJoin('devices as d', 'd.id', 'r.device_id')
    .select(['r.bucket', 'r.points'])
    .where('d.plant_id', '=', plantId)
    .where('d.type', '=', 'inverter')
    .where('r.bucket', '>=', fromBucket)
    .execute();
}

/** The energy of a plant's inverters per plant-local day, `from` to `to` included. */
export async function inverterDailyEnergy(db: Kysely<Database>, plantId: number, from: string, to: string) {
  const [current, retired] = await Promise.all([
    db
      .selectFrom('device_daily as dd')
      .innerJoin('devices as d', 'd.id', 'dd.device_id')
      .select((eb) => ['dd.day', eb.fn.sum<number>('dd.energy_kwh').as('kwh')])
      .where('d.plant_id', '=', plantId)
      .where('d.type', '=', 'inverter')
      .where('dd.day', '>=', from)
      .where('dd.day', '<=', to)
      .groupBy('dd.day')
      .execute(),
    // what inverters that have left the plant made for it stays in its chart, as in its totals
    db
      .selectFrom('plant_retired_energy as r')
      .select(['r.day', 'r.energy_kwh as kwh'])
      .where('r.plant_id', '=', plantId)
      .where('r.day', '>=', from)
      .where('r.day', '<=', to)
      .execute(),
  ]);
  const byDay = new Map<string, number>();
  for (const r of [...current, ...retired]) byDay.set(r.day, (byDay.get(r.day) ?? 0) + Number(r.kwh));
  return [...byDay].map(([day, kwh]) => ({ day, kwh }));
}
