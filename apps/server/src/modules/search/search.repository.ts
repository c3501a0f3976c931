import type { DeviceType } from '@pv/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.js';
import type { SessionUser } from '../../lib/types.js';
import { deviceVisibleWhere } from '../device/index.js';
import { plantScope } from '../plant/index.js';
import { contains, foldedContains, foldedStartsWith, plantNameText, startsWith } from '../../lib/like.js';
import { inScope } from '../../lib/scope.js';

/** 0 when the column starts with the text, so those come first. */
const notPrefix = (col: string, v: string) => sql<number>`case when ${startsWith(col, v)} then 0 else 1 end`;
const notFoldedPrefix = (col: string, fallback: RawBuilder<string>, v: string) =>
  sql<number>`case when ${foldedStartsWith(col, fallback, v)} then 0 else 1 end`;
const customerName = sql<string>`c.name || ' ' || c.nickname`;

/**
 * Plants the caller sees (data scope or grant) whose name contains `q`, whatever its case, accents
 * and spaces ("São Paulo" finds "SaoPaulo1"): names starting with it first.
 */
export function searchPlants(db: Kysely<Database>, me: SessionUser, q: string, limit: number) {
  return db
    .selectFrom('plants as p')
    .innerJoin('orgs as o', 'o.id', 'p.org_id')
    .select(['p.id', 'p.name', 'o.name as orgName', 'p.time_zone as timeZone'])
    .where(plantScope(me))
    .where(contains('p.name', plantNameText(q)))
    .orderBy(notPrefix('p.name', plantNameText(q)))
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** Devices the caller sees (data scope or a granted plant) whose SN contains `q`: SNs starting with it first. */
export async function searchDevices(db: Kysely<Database>, me: SessionUser, q: string, limit: number) {
  const rows = await db
    .selectFrom('devices as d')
    .innerJoin('orgs as o', 'o.id', 'd.org_id')
    .leftJoin('plants as p', 'p.id', 'd.plant_id')
    .select(['d.id', 'd.sn', 'd.name', 'd.type', 'd.plant_id as plantId', 'p.name as plantName'])
    .where(deviceVisibleWhere(me))
    .where(contains('d.sn', q))
    .orderBy(notPrefix('d.sn', q))
    .orderBy('d.sn')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, type: r.type as DeviceType }));
}

/**
 * Customers (plant owners) of the caller's data scope, as the customer list scopes them (the
 * serving organisation), whose name or nickname contains `q` whatever its case and accents.
 */
export function searchCustomers(db: Kysely<Database>, me: SessionUser, q: string, limit: number) {
  return db
    .selectFrom('customers as c')
    .innerJoin('orgs as o', 'o.id', 'c.org_id')
    .select(['c.id', 'c.name', 'c.nickname', 'o.name as orgName'])
    .where(inScope(me, 'o'))
    .where(foldedContains('c.search_name', customerName, q))
    .orderBy(notFoldedPrefix('c.search_name', customerName, q))
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(limit)
    .execute();
}
