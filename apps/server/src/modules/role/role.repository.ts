import type { RoleListQuery, RoleRow } from '@pv/contract';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { RolesTable } from './role.tables.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import { contains } from '../../lib/like.js';

type Db = Kysely<Database> | Transaction<Database>;
type Filters = Omit<RoleListQuery, 'pageNum' | 'pageSize'>;

/** Roles belong to an organisation; you see those of the organisations in your data scope. */
function base(db: Kysely<Database>, me: SessionUser, f: Filters) {
  let q = db.selectFrom('roles as r').innerJoin('orgs as o', 'o.id', 'r.org_id').where(inScope(me, 'o'));
  if (f.code) q = q.where(contains('r.code', f.code));
  if (f.name) q = q.where(contains('r.name', f.name));
  return q;
}

const columns = ['r.id', 'r.code', 'r.name', 'r.org_id', 'o.name as org_name', 'r.data_scope', 'r.sensitive'] as const;

/** Rows as the API answers them, with the number of users holding each role. */
async function toRows(
  db: Kysely<Database>,
  rows: {
    id: number;
    code: string;
    name: string;
    org_id: number;
    org_name: string;
    data_scope: 'all' | 'orgAndChildren' | 'org' | 'self';
    sensitive: number;
  }[],
): Promise<RoleRow[]> {
  const counts = rows.length
    ? await db
        .selectFrom('user_roles')
        .select('role_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(
          'role_id',
          'in',
          rows.map((r) => r.id),
        )
        .groupBy('role_id')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    orgId: r.org_id,
    orgName: r.org_name,
    dataScope: r.data_scope,
    sensitive: r.sensitive === 1,
    users: Number(counts.find((c) => c.role_id === r.id)?.n ?? 0),
  }));
}

/** One page of the roles the caller may see. */
export async function listRoles(db: Kysely<Database>, me: SessionUser, f: Filters, limit: number, offset: number) {
  const [{ total }, rows] = await Promise.all([
    base(db, me, f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    base(db, me, f)
      .select([...columns])
      .orderBy('r.id')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows: await toRows(db, rows), total: Number(total) };
}

/** A role of the caller's scope (undefined outside it). */
export async function findRole(db: Kysely<Database>, me: SessionUser, id: number) {
  const row = await base(db, me, {})
    .select([...columns])
    .where('r.id', '=', id)
    .executeTakeFirst();
  return row ? (await toRows(db, [row]))[0] : undefined;
}

/** Whether another role (not `exceptId`) has this code. */
export async function roleCodeTaken(db: Kysely<Database>, code: string, exceptId?: number) {
  let q = db.selectFrom('roles').select('id').where('code', '=', code);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertRole(db: Kysely<Database>, values: Insertable<RolesTable>) {
  const { id } = await db.insertInto('roles').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateRole(db: Db, id: number, values: Updateable<RolesTable>) {
  await db.updateTable('roles').set(values).where('id', '=', id).execute();
}

export async function deleteRole(db: Kysely<Database>, id: number) {
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

/** The ids of the resources granted to the role. */
export async function grantedResourceIds(db: Kysely<Database>, roleId: number) {
  const rows = await db.selectFrom('role_resources').select('resource_id').where('role_id', '=', roleId).execute();
  return rows.map((g) => g.resource_id);
}

/** How many of these resource ids exist. */
export async function countResources(db: Kysely<Database>, ids: number[]) {
  const rows = await db.selectFrom('resources').select('id').where('id', 'in', ids).execute();
  return rows.length;
}

/** The role's grants become exactly `resourceIds`. */
export async function setRoleResources(db: Db, roleId: number, resourceIds: number[]) {
  await db.deleteFrom('role_resources').where('role_id', '=', roleId).execute();
  if (resourceIds.length)
    await db
      .insertInto('role_resources')
      .values(resourceIds.map((resource_id) => ({ role_id: roleId, resource_id })))
      .execute();
}

/** The ids of the resources granted to any of `roleIds`. */
export async function resourceIdsOfRoles(db: Db, roleIds: number[]) {
  const rows = await db
    .selectFrom('role_resources')
    .select('resource_id')
    .distinct()
    .where('role_id', 'in', roleIds)
    .execute();
  return rows.map((r) => r.resource_id);
}

/** What each of `roleIds` carries: its data scope, its sensitive flag and its resources. */
export async function roleCarriage(db: Db, roleIds: number[]) {
  const roles = await db
    .selectFrom('roles')
    .select(['id', 'data_scope', 'sensitive'])
    .where('id', 'in', roleIds)
    .execute();
  const grants = await db
    .selectFrom('role_resources')
    .select(['role_id', 'resource_id'])
    .where('role_id', 'in', roleIds)
    .execute();
  return { roles, grants };
}

export async function roleIdsOfUser(db: Db, userId: number) {
  const rows = await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.role_id);
}

/** Enabled users of ROOT-group organisations, one row per role they hold, with its data scope. */
export function rootUserRoles(db: Db, rootGroupCode: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('orgs as o', 'o.id', 'u.org_id')
    .innerJoin('org_groups as g', 'g.id', 'o.group_id')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['u.id', 'r.id as roleId', 'r.data_scope'])
    .where('g.code', '=', rootGroupCode)
    .where('u.state', '=', 'enabled')
    .execute();
}

/** Which of `perms` each of `roleIds` grants. */
export function permsOfRoles(db: Db, roleIds: number[], perms: readonly string[]) {
  return db
    .selectFrom('role_resources as rr')
    .innerJoin('resources as res', 'res.id', 'rr.resource_id')
    .select(['rr.role_id', 'res.perm'])
    .where('rr.role_id', 'in', roleIds)
    .where('res.perm', 'in', [...perms])
    .execute();
}
