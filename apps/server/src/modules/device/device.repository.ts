import { localDay } from '@pv/contract';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';

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
