import { localDay, type DeviceListFilters, type DeviceRow, type DeviceSortField, type PointValue } from '@pv/contract';
import { sql, type Insertable, type Kysely, type RawBuilder, type SqlBool, type Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import { contains } from '../../lib/like.js';

/** One device by id or SN where `where` (over devices d and their organisations o) holds. */
function findDevice(db: Kysely<Database>, where: RawBuilder<SqlBool>, by: { id: number } | { sn: string }) {
  const q = db
    .selectFrom('devices as d')
    .innerJoin('orgs as o', 'o.id', 'd.org_id')
    .select(['d.id', 'd.sn', 'd.parent_id', 'd.plant_id', 'd.type', 'd.org_id'])
    .where(where);
  return ('id' in by ? q.where('d.id', '=', by.id) : q.where('d.sn', '=', by.sn)).executeTakeFirst();
}

/** A device by id or SN, only when it belongs to the caller's data scope (else undefined → 404). */
export const deviceInScope = (db: Kysely<Database>, me: SessionUser, by: { id: number } | { sn: string }) =>
  findDevice(db, inScope(me, 'o'), by);

/**
 * The collector a sub device is to report through, by SN, only within the caller's data scope
 * (else undefined → 404); whether it is a collector is the caller's check (400, not 404).
 */
export const parentInScope = (db: Kysely<Database>, me: SessionUser, sn: string) => deviceInScope(db, me, { sn });

/**
 * The user holds a grant on the device's plant carrying `perm` (plant_grants.perms is a comma
 * list), or without `perm` any grant: every grant carries view or control (the contract's
 * grant bodies require at least one), so any grant is what "view or control" means.
 */
const grantedOn = (me: SessionUser, perm?: 'control') =>
  perm
    ? sql<SqlBool>`d.plant_id in (select g.plant_id from plant_grants g where g.user_id = ${me.id} and (',' || g.perms || ',') like ${`%,${perm},%`})`
    : sql<SqlBool>`d.plant_id in (select g.plant_id from plant_grants g where g.user_id = ${me.id})`;

/** Where a device (alias d, its organisation o) is visible: in the data scope or on a plant granted to the caller. */
export const deviceVisibleWhere = (me: SessionUser) => sql<SqlBool>`(${inScope(me, 'o')} or ${grantedOn(me)})`;

/**
 * A device the caller may see, by id or SN: in their data scope, or on a plant granted to them
 * (§3 authorised users see that plant's devices, their data and command history; writes other
 * than commands stay with the data scope).
 */
export const deviceVisible = (db: Kysely<Database>, me: SessionUser, by: { id: number } | { sn: string }) =>
  findDevice(db, deviceVisibleWhere(me), by);

/** Of `ids`, those the caller may see (deviceVisible's rule, one query): what a live event stream may watch. */
export async function visibleDeviceIds(db: Kysely<Database>, me: SessionUser, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('devices as d')
    .innerJoin('orgs as o', 'o.id', 'd.org_id')
    .select('d.id')
    .where('d.id', 'in', ids)
    .where(deviceVisibleWhere(me))
    .execute();
  return rows.map((r) => r.id);
}

/**
 * A device the caller may command: in their data scope, or on a plant granted to them with the
 * "control" permission (§3 authorised users). `visible` says whether they may at least see it
 * (any grant), so a device seen through a view-only grant answers 403 rather than 404.
 */
export async function deviceToControl(db: Kysely<Database>, me: SessionUser, id: number) {
  const row = await db
    .selectFrom('devices as d')
    .innerJoin('orgs as o', 'o.id', 'd.org_id')
    .select(['d.id', 'd.sn', 'd.parent_id', 'd.plant_id', 'd.type'])
    .select(sql<SqlBool>`${inScope(me, 'o')} or ${grantedOn(me, 'control')}`.as('controllable'))
    .where('d.id', '=', id)
    .where((eb) => eb.or([inScope(me, 'o'), grantedOn(me)]))
    .executeTakeFirst();
  if (!row) return { visible: false as const };
  const { controllable, ...device } = row;
  return { visible: true as const, controllable: Boolean(Number(controllable)), device };
}

/**
 * A device's production (kWh) today, this month, this year and in total, on the calendar of its
 * plant's time zone (Asia/Shanghai unbound): sums of its daily rollups (device_daily), which the
 * ingest keeps as data arrives. One index range over the device's days.
 */
export async function deviceEnergy(db: Kysely<Database>, deviceId: number, timeZone: string | null, now: number) {
  const today = localDay(now, timeZone ?? 'Asia/Shanghai');
  const r = await db
    .selectFrom('device_daily')
    .select((eb) => [
      eb.fn.sum<number | null>(eb.case().when('day', '=', today).then(eb.ref('energy_kwh')).else(0).end()).as('today'),
      eb.fn
        .sum<number | null>(
          eb
            .case()
            .when('day', '>=', `${today.slice(0, 7)}-01`)
            .then(eb.ref('energy_kwh'))
            .else(0)
            .end(),
        )
        .as('month'),
      eb.fn
        .sum<number | null>(
          eb
            .case()
            .when('day', '>=', `${today.slice(0, 4)}-01-01`)
            .then(eb.ref('energy_kwh'))
            .else(0)
            .end(),
        )
        .as('year'),
      eb.fn.sum<number | null>('energy_kwh').as('total'),
    ])
    .where('device_id', '=', deviceId)
    .where('day', '<=', today)
    .executeTakeFirst();
  const kWh = (v: number | string | null | undefined) => Math.round(Number(v ?? 0) * 1000) / 1000;
  return { today: kWh(r?.today), month: kWh(r?.month), year: kWh(r?.year), total: kWh(r?.total) };
}

/**
 * A device's counters at an instant (its plant-local midnight), from its 5-minute averages: the
 * last bucket before the instant, else (a device that began reporting since) the first after it.
 * A bucket's average of a rising counter lies within the bucket's energy of the reading at its
 * end, which bounds the error of "today" figures read against it (docs/energy-model.md).
 */
export async function countersAt(db: Kysely<Database>, deviceId: number, at: number) {
  const before = await db
    .selectFrom('device_rollup_5m')
    .select('points')
    .where('device_id', '=', deviceId)
    .where('bucket', '<', at)
    .where('bucket', '>=', at - 2 * 86_400_000)
    .orderBy('bucket', 'desc')
    .limit(1)
    .executeTakeFirst();
  const row =
    before ??
    (await db
      .selectFrom('device_rollup_5m')
      .select('points')
      .where('device_id', '=', deviceId)
      .where('bucket', '>=', at)
      .orderBy('bucket')
      .limit(1)
      .executeTakeFirst());
  return row ? (JSON.parse(row.points) as Record<string, number>) : undefined;
}

type Filters = Omit<DeviceListFilters, 'sortField' | 'sortOrder'>;

/** The device list's query: the data scope (and, for reads of one device, `granted` plants too). */
function listBase(db: Kysely<Database>, me: SessionUser, q: Filters, granted = false) {
  let s = db
    .selectFrom('devices as d')
    .innerJoin('orgs as o', 'o.id', 'd.org_id')
    .leftJoin('plants as p', 'p.id', 'd.plant_id')
    .leftJoin('products as pr', 'pr.id', 'd.product_id')
    .leftJoin('devices as parent', 'parent.id', 'd.parent_id')
    .where(granted ? deviceVisibleWhere(me) : inScope(me, 'o'));
  if (q.sn) s = s.where(contains('d.sn', q.sn));
  if (q.type) s = s.where('d.type', '=', q.type);
  if (q.productId) s = s.where('d.product_id', '=', q.productId);
  if (q.orgId) s = s.where('d.org_id', '=', q.orgId);
  if (q.onlineState) s = s.where('d.online_state', '=', q.onlineState);
  if (q.runState) s = s.where('d.run_state', '=', q.runState);
  if (q.plantId) s = s.where('d.plant_id', '=', q.plantId);
  if (q.plant) s = s.where(contains('p.name', q.plant));
  if (q.parentId) s = s.where('d.parent_id', '=', q.parentId);
  return s;
}

const SORT_COLUMNS = {
  id: 'd.id',
  sn: 'd.sn',
  name: 'd.name',
  type: 'd.type',
  onlineState: 'd.online_state',
  runState: 'd.run_state',
  lastOnlineAt: 'd.last_online_at',
  plantName: 'p.name',
} as const satisfies Record<DeviceSortField, string>;

const listColumns = [
  'd.id',
  'd.sn',
  'd.name',
  'd.type',
  'd.product_id',
  'pr.name as product_name',
  'd.plant_id',
  'p.name as plant_name',
  'd.org_id',
  'o.name as org_name',
  'parent.sn as parent_sn',
  'd.mac',
  'd.comm_mode',
  'd.online_state',
  'd.run_state',
  'd.hw_version',
  'd.sw_version',
  'd.protocol_version',
  'd.last_online_at',
  'd.last_points',
  'p.time_zone as plant_time_zone',
] as const;

/** The list's columns plus the number of sub devices (an indexed count per row of the page). */
function selectRows(q: ReturnType<typeof listBase>) {
  return q.select([...listColumns]).select((eb) =>
    eb
      .selectFrom('devices as c')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('c.parent_id', '=', 'd.id')
      .as('sub_count'),
  );
}

type Raw = Awaited<ReturnType<ReturnType<typeof selectRows>['executeTakeFirstOrThrow']>>;

const toRow = (r: Raw): DeviceRow => ({
  id: r.id,
  sn: r.sn,
  name: r.name,
  type: r.type,
  productId: r.product_id,
  productName: r.product_name,
  plantId: r.plant_id,
  plantName: r.plant_name,
  orgId: r.org_id,
  orgName: r.org_name,
  parentSn: r.parent_sn,
  mac: r.mac,
  commMode: r.comm_mode,
  onlineState: r.online_state,
  runState: r.run_state,
  hwVersion: r.hw_version,
  swVersion: r.sw_version,
  protocolVersion: r.protocol_version,
  lastOnlineAt: r.last_online_at,
  points: r.last_points ? (JSON.parse(r.last_points) as Record<string, PointValue>) : null,
  subCount: Number(r.sub_count ?? 0),
  timeZone: r.plant_time_zone,
});

/** One page of the devices in the caller's data scope, filtered and sorted. */
export async function listDevices(
  db: Kysely<Database>,
  me: SessionUser,
  filters: Filters,
  sort: { field?: DeviceSortField; order?: 'asc' | 'desc' },
  limit: number,
  offset: number,
) {
  const dir = sort.order ?? 'asc';
  let list = selectRows(listBase(db, me, filters));
  // nulls (never online, unbound) last either way; the id keeps equal values in a stable order
  if (sort.field && sort.field !== 'id')
    list = list.orderBy(sql`${sql.ref(SORT_COLUMNS[sort.field])} is null`).orderBy(SORT_COLUMNS[sort.field], dir);
  list = list.orderBy('d.id', sort.field === 'id' ? dir : 'asc');
  const [{ total }, rows] = await Promise.all([
    listBase(db, me, filters)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    list.limit(limit).offset(offset).execute(),
  ]);
  return { rows: rows.map(toRow), total: Number(total) };
}

/** Every device of the filtered list in id order, a keyset batch at a time (an export never holds the list). */
export async function* iterateDevices(db: Kysely<Database>, me: SessionUser, filters: Filters, batch = 500) {
  for (let after = 0; ;) {
    const rows = await selectRows(listBase(db, me, filters))
      .where('d.id', '>', after)
      .orderBy('d.id')
      .limit(batch)
      .execute();
    yield* rows.map(toRow);
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** One device's list row with its plant's time zone, if the caller may see it (scope or grant). */
export async function findDeviceRow(db: Kysely<Database>, me: SessionUser, id: number) {
  const row = await selectRows(listBase(db, me, {}, true))
    .select('p.time_zone')
    .where('d.id', '=', id)
    .executeTakeFirst();
  return row && { row: toRow(row), timeZone: row.time_zone };
}

/** The hash of a device's key by SN (null: a sub device, which has none; undefined: no such device). */
export async function deviceSecretHash(db: Kysely<Database>, sn: string) {
  const row = await db.selectFrom('devices').select('secret_hash').where('sn', '=', sn).executeTakeFirst();
  return row?.secret_hash;
}

/** The collector a sub device reports through, by the sub device's parent_id. */
export function findParent(db: Kysely<Database>, parentId: number | null) {
  if (parentId === null) return Promise.resolve(undefined);
  return db
    .selectFrom('devices')
    .select(['id', 'sn', 'org_id', 'plant_id'])
    .where('id', '=', parentId)
    .executeTakeFirst();
}

/** Whether a product of this id exists (a device's product is a foreign key). */
export async function productExists(db: Kysely<Database>, id: number) {
  return (await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function snTaken(db: Kysely<Database>, sn: string) {
  return (await db.selectFrom('devices').select('id').where('sn', '=', sn).executeTakeFirst()) !== undefined;
}

export async function insertDevice(db: Kysely<Database>, values: Insertable<Database['devices']>) {
  const { id } = await db.insertInto('devices').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateDevice(db: Kysely<Database>, id: number, set: Updateable<Database['devices']>) {
  if (set.plant_id === undefined) {
    await db.updateTable('devices').set(set).where('id', '=', id).execute();
    return;
  }
  // moving to another plant (or none): its production so far stays with the plant it leaves
  await atOnce(db, async (trx) => {
    await retireProduction(trx, [id], set.plant_id as number | null);
    await trx.updateTable('devices').set(set).where('id', '=', id).execute();
  });
}

/** The plant of a collector's sub devices. */
export async function setSubDevicesPlant(db: Kysely<Database>, parentId: number, plantId: number | null) {
  await atOnce(db, async (trx) => {
    await retireProduction(trx, await subDeviceIds(trx, parentId), plantId);
    await trx.updateTable('devices').set({ plant_id: plantId }).where('parent_id', '=', parentId).execute();
  });
}

/** A device's plant and its sub devices' together: they move together or not at all. */
export async function setPlantWithSubDevices(db: Kysely<Database>, id: number, plantId: number | null) {
  await atOnce(db, async (trx) => {
    await retireProduction(trx, [id, ...(await subDeviceIds(trx, id))], plantId);
    await trx
      .updateTable('devices')
      .set({ plant_id: plantId })
      .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
      .execute();
  });
}

/** `work` in the caller's transaction, else in one of its own. */
function atOnce(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Inverters of `ids` leaving their plant (for `toPlant`, another plant or none; `undefined`: the
 * device is deleted) leave their production with it: their daily rows are added to the plant's
 * retired energy and taken from the device. Its counter stays, so from its next reading it counts
 * only what it makes for its new plant (docs/energy-model.md).
 */
export async function retireProduction(db: Kysely<Database>, ids: number[], toPlant: number | null | undefined) {
  if (!ids.length) return;
  let leaving = db
    .selectFrom('devices')
    .select(['id', 'plant_id'])
    .where('id', 'in', ids)
    .where('type', '=', 'inverter')
    .where('plant_id', 'is not', null);
  if (toPlant !== undefined && toPlant !== null) leaving = leaving.where('plant_id', '!=', toPlant);
  const devices = await leaving.execute();
  if (!devices.length) return;
  const now = Date.now();
  for (const d of devices) {
    const days = await db
      .selectFrom('device_daily')
      .select(['day', 'energy_kwh'])
      .where('device_id', '=', d.id)
      .execute();
    for (let i = 0; i < days.length; i += 400)
      await db
        .insertInto('plant_retired_energy')
        .values(
          days
            .slice(i, i + 400)
            .map((r) => ({ plant_id: d.plant_id!, day: r.day, energy_kwh: Number(r.energy_kwh), updated_at: now })),
        )
        .onConflict((oc) =>
          oc.columns(['plant_id', 'day']).doUpdateSet((eb) => ({
            energy_kwh: sql<number>`${eb.ref('plant_retired_energy.energy_kwh')} + ${eb.ref('excluded.energy_kwh')}`,
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    await db.deleteFrom('device_daily').where('device_id', '=', d.id).execute();
  }
}

/** The ids of a collector's sub devices. */
export async function subDeviceIds(db: Kysely<Database>, parentId: number) {
  const rows = await db.selectFrom('devices').select('id').where('parent_id', '=', parentId).execute();
  return rows.map((r) => r.id);
}

/** The data rows of these devices that do not go by foreign-key cascade. */
export async function deleteDeviceData(db: Kysely<Database>, ids: number[]) {
  // a deleted inverter's production stays with its plant
  await retireProduction(db, ids, undefined);
  for (const table of ['samples', 'device_daily', 'device_counters', 'faults', 'commands'] as const)
    await db.deleteFrom(table).where('device_id', 'in', ids).execute();
}

/** A device and its sub devices (their data gone first: deleteDeviceData). */
export async function deleteDeviceRows(db: Kysely<Database>, id: number) {
  await db.deleteFrom('devices').where('parent_id', '=', id).execute();
  await db.deleteFrom('devices').where('id', '=', id).execute();
}
