import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * Failed sign-ins since `since`: of this account from this address (`byPair`), from this address
 * whatever the account (`byIp`), of this account from anywhere (`byName`, and when the last was).
 */
export async function countFailures(db: Kysely<Database>, loginName: string, ip: string, since: number) {
  const recent = db.selectFrom('login_failures').where('at', '>', since);
  const [pair, byIp, byName] = await Promise.all([
    recent
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('login_name', '=', loginName)
      .where('ip', '=', ip)
      .executeTakeFirstOrThrow(),
    recent
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .executeTakeFirstOrThrow(),
    recent
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('at').as('last')])
      .where('login_name', '=', loginName)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    byPair: Number(pair.n),
    byIp: Number(byIp.n),
    byName: Number(byName.n),
    lastByName: byName.last === null ? 0 : Number(byName.last),
  };
}

export async function recordFailure(db: Kysely<Database>, loginName: string, ip: string, at: number) {
  await db.insertInto('login_failures').values({ login_name: loginName, ip, at }).execute();
}

/** A successful sign-in forgets the failures of that account from that address (not an attacker's elsewhere). */
export async function clearFailures(db: Kysely<Database>, loginName: string, ip: string) {
  await db.deleteFrom('login_failures').where('login_name', '=', loginName).where('ip', '=', ip).execute();
}

export function findLogin(db: Kysely<Database>, loginName: string) {
  return db
    .selectFrom('users')
    .select(['id', 'org_id', 'password_hash', 'state'])
    .where('login_name', '=', loginName)
    .executeTakeFirst();
}

/** The user's names, picture, time zone and organisation (with its group) for the console's header. */
export function findUserInfo(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('orgs as o', 'o.id', 'u.org_id')
    .innerJoin('org_groups as g', 'g.id', 'o.group_id')
    .select([
      'u.nickname',
      'u.login_name',
      'u.avatar',
      'u.introduction',
      'u.time_zone',
      'o.id as orgId',
      'o.name as orgName',
      'g.id as groupId',
      'g.code as groupCode',
      'g.name as groupName',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Codes of the user's roles among `roleIds` (the ones the session acts with). */
export function actingRoleCodes(db: Kysely<Database>, userId: number, roleIds: number[]) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('r.code')
    .where('ur.user_id', '=', userId)
    .where('r.id', 'in', roleIds.length ? roleIds : [0])
    .orderBy('r.id')
    .execute();
}

/** The resources granted to the user through `roleIds`, in menu order. */
export function grantedResources(db: Kysely<Database>, userId: number, roleIds: number[]) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('role_resources as rr', 'rr.role_id', 'ur.role_id')
    .innerJoin('resources as res', 'res.id', 'rr.resource_id')
    .select(['res.kind', 'res.router_path', 'res.perm', 'res.sort'])
    .distinct()
    .where('ur.user_id', '=', userId)
    .where('ur.role_id', 'in', roleIds.length ? roleIds : [0])
    .orderBy('res.sort')
    .execute();
}

export function userRoles(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.code', 'r.name'])
    .where('ur.user_id', '=', userId)
    .orderBy('r.id')
    .execute();
}

export async function passwordHashOf(db: Kysely<Database>, userId: number) {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.password_hash;
}

export async function setPasswordHash(db: Kysely<Database>, userId: number, hash: string) {
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}
