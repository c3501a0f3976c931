import type { PlantListQuery, PlantRow, PlantStatus } from '@pv/contract';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';

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

const like = (v: string) => `%${v.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
/** case-insensitive on both databases (LIKE is case-sensitive in PostgreSQL) */
const likeExpr = (col: string, v: string) =>
  sql<SqlBool>`lower(${sql.ref(col)}) like ${like(v.toLowerCase())} escape '\\'`;

export function plantBase(db: Kysely<Database>, me: SessionUser, f: Filters = {}) {
  let q = db
    .selectFrom('plants as p')
    .innerJoin('orgs as o', 'o.id', 'p.org_id')
    // every plant has its stats row (written on create and by the refresh), so the list can be
    // read in the order of a plant_stats index
    .innerJoin('plant_stats as s', 's.plant_id', 'p.id')
    .leftJoin('customers as c', 'c.id', 'p.owner_id')
    .leftJoin('orgs as io', 'io.id', 'p.installer_org_id')
    .leftJoin('plant_favourites as fav', (j) => j.onRef('fav.plant_id', '=', 'p.id').on('fav.user_id', '=', me.id))
    .where(plantScope(me));
  if (f.name) q = q.where(likeExpr('p.name', f.name));
  if (f.owner) q = q.where((eb) => eb.or([likeExpr('c.name', f.owner!), likeExpr('c.nickname', f.owner!)]));
  if (f.installer) q = q.where(likeExpr('io.name', f.installer));
  if (f.org) q = q.where(likeExpr('o.name', f.org));
  if (f.favourite) q = q.where('fav.user_id', 'is not', null);
  return q;
}

export const statusExpr = sql<PlantStatus>`coalesce(s.status, 'offline')`;

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
};

const columns = [
  'p.id',
  'p.name',
  'p.capacity_wp',
  'p.country',
  'p.time_zone',
  'p.address',
  'p.installed_at',
  'p.owner_id',
  'c.name as owner_name',
  'p.installer_org_id',
  'io.name as installer_name',
  'p.org_id',
  'o.name as org_name',
  's.power_w',
  's.energy_today',
  's.energy_month',
  's.energy_year',
  's.energy_total',
  's.status',
  's.devices',
  's.devices_online',
  's.open_faults',
  's.data_updated_at',
  'fav.user_id as fav',
  'p.install_position',
  'p.install_capacity_wp',
  'p.latitude',
  'p.longitude',
  'p.created_at',
] as const;

type Raw = {
  id: number;
  name: string;
  capacity_wp: number;
  country: string | null;
  time_zone: string;
  address: string | null;
  installed_at: number | null;
  owner_id: number | null;
  owner_name: string | null;
  installer_org_id: number | null;
  installer_name: string | null;
  org_id: number;
  org_name: string;
  power_w: number | null;
  energy_today: number | null;
  energy_month: number | null;
  energy_year: number | null;
  energy_total: number | null;
  status: PlantStatus | null;
  devices: number | null;
  devices_online: number | null;
  open_faults: number | null;
  data_updated_at: number | null;
  fav: number | null;
  install_position: string | null;
  install_capacity_wp: number | null;
  latitude: number | null;
  longitude: number | null;
  created_at: number;
};

export const toPlantRow = (r: Raw): PlantRow => ({
  id: r.id,
  name: r.name,
  capacityKw: Number(r.capacity_wp) / 1000,
  country: r.country,
  timeZone: r.time_zone,
  address: r.address,
  installedAt: r.installed_at === null ? null : Number(r.installed_at),
  dataUpdatedAt: r.data_updated_at === null ? null : Number(r.data_updated_at),
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  installerOrgId: r.installer_org_id,
  installerName: r.installer_name,
  orgId: r.org_id,
  orgName: r.org_name,
  power: Number(r.power_w ?? 0),
  energyToday: Number(r.energy_today ?? 0),
  energyMonth: Number(r.energy_month ?? 0),
  energyYear: Number(r.energy_year ?? 0),
  energyTotal: Number(r.energy_total ?? 0),
  status: r.status ?? 'offline',
  devices: Number(r.devices ?? 0),
  devicesOnline: Number(r.devices_online ?? 0),
  openFaults: Number(r.open_faults ?? 0),
  favourite: r.fav !== null,
  installPosition: (r.install_position as PlantRow['installPosition']) ?? null,
  installCapacityWp: r.install_capacity_wp === null ? null : Number(r.install_capacity_wp),
  latitude: r.latitude,
  longitude: r.longitude,
  createdAt: Number(r.created_at),
});

/** ORDER BY of the list, ties broken by id; the same shape as the indexes on the sort columns. */
function orderOf(field: PlantListQuery['sortField'], order: PlantListQuery['sortOrder']) {
  const dir = sql.raw(order === 'ascend' ? 'asc' : 'desc');
  if (!field) return sql`p.id desc`;
  const col = sql.ref(SORT[field]);
  const tie = sql.ref(SORT[field].startsWith('s.') ? 's.plant_id' : 'p.id');
  return sql`${col} ${dir}, ${tie} ${dir}`;
}

/**
 * Tab counts of the same filters are kept a few seconds: they are the costly part of a list
 * request (a count over every plant of the scope), the figures behind them change every 10 s at
 * most, and every plant write clears them. Each server process holds its own.
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
  const rows = await plantBase(db, me, rest)
    .select((eb) => [statusExpr.as('status'), eb.fn.countAll<number>().as('n')])
    .groupBy(statusExpr)
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

export async function listPlants(db: Kysely<Database>, me: SessionUser, q: PlantListQuery) {
  const { pageNum, pageSize, sortField, sortOrder, ...filters } = q;
  let base = plantBase(db, me, filters);
  if (filters.status) base = base.where(statusExpr, '=', filters.status);
  const [counts, rows] = await Promise.all([
    plantCounts(db, me, filters),
    base
      .select([...columns])
      .orderBy(orderOf(sortField, sortOrder))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
  ]);
  const total = filters.status ? counts[filters.status] : counts.all;
  return { rows: (rows as Raw[]).map(toPlantRow), total, counts };
}

/** Every matching plant in the list's order, a batch at a time (exports never hold the whole list). */
export async function* iteratePlants(
  db: Kysely<Database>,
  me: SessionUser,
  q: Omit<PlantListQuery, 'pageNum' | 'pageSize'>,
  batch = 500,
) {
  const { sortField, sortOrder, ...filters } = q;
  let base = plantBase(db, me, filters);
  if (filters.status) base = base.where(statusExpr, '=', filters.status);
  for (let offset = 0; ; offset += batch) {
    const rows = (await base
      .select([...columns])
      .orderBy(orderOf(sortField, sortOrder))
      .limit(batch)
      .offset(offset)
      .execute()) as Raw[];
    if (!rows.length) return;
    yield* rows.map(toPlantRow);
    if (rows.length < batch) return;
  }
}

export async function findPlant(db: Kysely<Database>, me: SessionUser, id: number) {
  const row = (await plantBase(db, me)
    .select([...columns])
    .where('p.id', '=', id)
    .executeTakeFirst()) as Raw | undefined;
  return row ? toPlantRow(row) : undefined;
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
