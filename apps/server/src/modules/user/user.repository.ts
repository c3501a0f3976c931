import type { UserListQuery } from '@pv/contract';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { UsersTable } from './user.tables.js';
import { inScope, maskEmail, maskMobile, seesContactOf } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import { contains } from '../../lib/like.js';

type Filters = Omit<UserListQuery, 'pageNum' | 'pageSize'>;

function base(db: Kysely<Database>, me: SessionUser, f: Filters) {
  let q = db
    .selectFrom('users as u')
    .innerJoin('orgs as o', 'o.id', 'u.org_id')
    .where(inScope(me, 'o', 'u.id'));
  if (f.loginName) q = q.where(contains('u.login_name', f.loginName));
  if (f.nickname) q = q.where(contains('u.nickname', f.nickname));
  if (f.state) q = q.where('u.state', '=', f.state);
  if (f.orgId) q = q.where('u.org_id', '=', f.orgId);
  return q;
}

const columns = [
  'u.id',
  'u.login_name',
  'u.nickname',
  'u.mobile',
  'u.email',
  'u.state',
  'u.org_id',
  'o.name as org_name',
  'u.created_at',
] as const;

async function withRoles(
  db: Kysely<Database>,
  me: SessionUser,
  rows: {
    id: number;
    login_name: string;
    nickname: string;
    mobile: string | null;
    email: string | null;
    state: 'enabled' | 'disabled';
    org_id: number;
    org_name: string;
    created_at: number;
  }[],
) {
  const ids = rows.map((r) => r.id);
  const roles = ids.length
    ? await db
        .selectFrom('user_roles as ur')
        .innerJoin('roles as r', 'r.id', 'ur.role_id')
        .select(['ur.user_id', 'r.id', 'r.name'])
        .where('ur.user_id', 'in', ids)
        .orderBy('r.id')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    loginName: r.login_name,
    nickname: r.nickname,
    // a user's own row is never masked from them
    mobile: seesContactOf(me, r.id) ? r.mobile : maskMobile(r.mobile),
    email: seesContactOf(me, r.id) ? r.email : maskEmail(r.email),
    state: r.state,
    orgId: r.org_id,
    orgName: r.org_name,
    roles: roles.filter((x) => x.user_id === r.id).map((x) => x.name),
    roleIds: roles.filter((x) => x.user_id === r.id).map((x) => x.id),
    createdAt: r.created_at,
  }));
}

/** One page of the users the caller may see: filtered, counted and paged in SQL. */
export async function listUsers(db: Kysely<Database>, me: SessionUser, q: UserListQuery) {
  const { pageNum, pageSize, ...filters } = q;
  const [{ total }, rows] = await Promise.all([
    base(db, me, filters)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    base(db, me, filters)
      .select([...columns])
      .orderBy('u.id')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
  ]);
  return { rows: await withRoles(db, me, rows), total: Number(total) };
}

/** Streams every matching user in id order, a batch at a time (exports never hold the whole list). */
export async function* iterateUsers(db: Kysely<Database>, me: SessionUser, filters: Filters, batch = 500) {
  let after = 0;
  for (;;) {
    const rows = await base(db, me, filters)
      .select([...columns])
      .where('u.id', '>', after)
      .orderBy('u.id')
      .limit(batch)
      .execute();
    if (!rows.length) return;
    yield* await withRoles(db, me, rows);
    after = rows[rows.length - 1]!.id;
  }
}

export async function findUser(db: Kysely<Database>, me: SessionUser, id: number) {
  const row = await base(db, me, {})
    .select([...columns])
    .where('u.id', '=', id)
    .executeTakeFirst();
  return row ? (await withRoles(db, me, [row]))[0] : undefined;
}

type Db = Kysely<Database> | Transaction<Database>;

/** The roles of organisations in the caller's scope. */
export function rolesInScope(db: Kysely<Database>, me: SessionUser) {
  return db
    .selectFrom('roles as r')
    .innerJoin('orgs as o', 'o.id', 'r.org_id')
    .select(['r.id', 'r.code', 'r.name'])
    .where(inScope(me, 'o'))
    .orderBy('r.id')
    .execute();
}

/** Whether another user (not `exceptId`) has this login name. */
export async function loginNameTaken(db: Kysely<Database>, loginName: string, exceptId?: number) {
  let q = db.selectFrom('users').select('id').where('login_name', '=', loginName);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Db, values: Insertable<UsersTable>) {
  const { id } = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateUser(db: Db, id: number, values: Updateable<UsersTable>) {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** The user's roles become exactly `roleIds`. */
export async function setUserRoles(db: Db, userId: number, roleIds: number[]) {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length)
    await db
      .insertInto('user_roles')
      .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
      .execute();
}

/** Deletes the user: sessions and role links go with them; rows that only name the user keep a null. */
export async function deleteUser(db: Db, id: number) {
  await db.deleteFrom('sessions').where('user_id', '=', id).execute();
  await db.deleteFrom('user_roles').where('user_id', '=', id).execute();
  await db.updateTable('commands').set({ sent_by: null }).where('sent_by', '=', id).execute();
  await db.updateTable('firmware').set({ created_by: null }).where('created_by', '=', id).execute();
  await db.deleteFrom('users').where('id', '=', id).execute();
}
