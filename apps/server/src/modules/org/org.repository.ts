import type { OrgRow, OrgTreeRow } from '@pv/contract';
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { OrgsTable } from './org.tables.js';
import { inScope, maskMobile } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';

type Db = Kysely<Database>;

const baseQuery = (db: Db) =>
  db
    .selectFrom('orgs as o')
    .innerJoin('org_groups as g', 'g.id', 'o.group_id')
    .select([
      'o.id',
      'o.parent_id',
      'o.name',
      'o.code',
      'o.path',
      'o.number',
      'o.groupings',
      'o.address',
      'o.contact',
      'o.phone',
      'o.created_at',
      'o.group_id',
      'g.code as group_code',
      'g.name as group_name',
    ]);

type BaseRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function parseGroupings(text: string): { name: string; code: string }[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v)
      ? v.filter((g): g is { name: string; code: string } => typeof g?.name === 'string' && typeof g?.code === 'string')
      : [];
  } catch {
    return [];
  }
}

/**
 * A row as the API answers it; the phone (the contact's) masked without the sensitive-data grant.
 * The address is a company's, not personal data, so it is never masked.
 */
export function toOrgRow(o: BaseRow, sensitive: boolean): OrgRow {
  return {
    id: o.id,
    parentId: o.parent_id,
    name: o.name,
    code: o.code,
    groupId: o.group_id,
    groupCode: o.group_code,
    groupName: o.group_name,
    number: o.number,
    address: o.address,
    contact: o.contact,
    phone: sensitive ? o.phone : maskMobile(o.phone),
    groupings: parseGroupings(o.groupings),
    createdAt: Number(o.created_at),
  };
}

/** The organisations of the caller's scope, parents before children, with what hangs on each. */
export async function listOrgTree(db: Db, me: SessionUser): Promise<OrgTreeRow[]> {
  const rows = await baseQuery(db)
    .select((eb) => [
      eb
        .selectFrom('users as u')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('u.org_id', '=', 'o.id')
        .as('users'),
      eb
        .selectFrom('plants as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('p.org_id', '=', 'o.id')
        .as('plants'),
      eb
        .selectFrom('devices as d')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('d.org_id', '=', 'o.id')
        .as('devices'),
    ])
    .where(inScope(me, 'o'))
    .orderBy('o.path')
    .execute();
  return rows.map((o) => ({
    ...toOrgRow(o, me.sensitive),
    users: Number(o.users ?? 0),
    plants: Number(o.plants ?? 0),
    devices: Number(o.devices ?? 0),
  }));
}

/** One organisation of the caller's scope (undefined outside it: the route answers 404). */
export async function findOrg(db: Db, me: SessionUser, id: number): Promise<BaseRow | undefined> {
  return baseQuery(db).where('o.id', '=', id).where(inScope(me, 'o')).executeTakeFirst();
}

/** Id, parent and name of the organisations of the caller's scope, tree order: what the admin forms offer. */
export function orgOptions(db: Db, me: SessionUser) {
  return db
    .selectFrom('orgs as o')
    .select(['o.id', 'o.parent_id', 'o.name'])
    .where(inScope(me, 'o'))
    .orderBy('o.path')
    .execute();
}

export async function orgInScope(db: Db, me: SessionUser, orgId: number) {
  const org = await db
    .selectFrom('orgs as o')
    .select('o.id')
    .where('o.id', '=', orgId)
    .where(inScope(me, 'o'))
    .executeTakeFirst();
  return org !== undefined;
}

export const findOwnOrg = (db: Db, orgId: number) => baseQuery(db).where('o.id', '=', orgId).executeTakeFirstOrThrow();

/** Users, plants and devices anywhere in the subtree under `path` (the organisation included). */
export async function subtreeLoad(db: Db, path: string) {
  const like = `${path}%`;
  const [users, plants, devices] = await Promise.all([
    db
      .selectFrom('users as u')
      .innerJoin('orgs as o', 'o.id', 'u.org_id')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('o.path', 'like', like)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('plants as p')
      .innerJoin('orgs as o', 'o.id', 'p.org_id')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('o.path', 'like', like)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('devices as d')
      .innerJoin('orgs as o', 'o.id', 'd.org_id')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('o.path', 'like', like)
      .executeTakeFirstOrThrow(),
  ]);
  return { users: Number(users.n), plants: Number(plants.n), devices: Number(devices.n) };
}

/**
 * Moves an organisation and its whole subtree under `newParentPath` in one transaction: the
 * materialised paths of every descendant are rewritten by prefix.
 */
export async function moveSubtree(
  db: Db,
  org: { id: number; path: string },
  newParent: { id: number; path: string },
): Promise<void> {
  const newPath = `${newParent.path}${org.id}/`;
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('orgs').set({ parent_id: newParent.id }).where('id', '=', org.id).execute();
    await tx
      .updateTable('orgs')
      .set({ path: sql<string>`${newPath} || substr(path, ${org.path.length + 1})` })
      .where('path', 'like', `${org.path}%`)
      .execute();
  });
}

/** Whether another organisation (not `exceptId`) has this code, whatever its case. */
export async function orgCodeTaken(db: Db, code: string, exceptId?: number) {
  let q = db
    .selectFrom('orgs')
    .select('id')
    .where(({ fn, eb }) => eb(fn('lower', ['code']), '=', code.toLowerCase()));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Inserts an organisation under the parent at `parentPath`, its own path written once its id is known. */
export function insertOrg(db: Db, values: Omit<Insertable<OrgsTable>, 'path'>, parentPath: string) {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('orgs')
      .values({ ...values, path: parentPath })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('orgs')
      .set({ path: `${parentPath}${row.id}/` })
      .where('id', '=', row.id)
      .execute();
    return row.id;
  });
}

export async function updateOrg(db: Db, id: number, values: Updateable<OrgsTable>) {
  await db.updateTable('orgs').set(values).where('id', '=', id).execute();
}

export async function countChildren(db: Db, id: number) {
  const row = await db
    .selectFrom('orgs')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function orgHasRoles(db: Db, id: number) {
  return (await db.selectFrom('roles').select('id').where('org_id', '=', id).executeTakeFirst()) !== undefined;
}

export async function deleteOrg(db: Db, id: number) {
  await db.deleteFrom('orgs').where('id', '=', id).execute();
}
