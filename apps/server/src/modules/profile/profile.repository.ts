import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

type Db = Kysely<Database>;

/** Your account as the user center shows it: with your organisation's name and your roles' names. */
export async function loadProfile(db: Db, id: number) {
  const u = await db
    .selectFrom('users as u')
    .innerJoin('orgs as o', 'o.id', 'u.org_id')
    .select([
      'u.id',
      'u.login_name',
      'u.nickname',
      'u.mobile',
      'u.email',
      'u.avatar',
      'u.created_at',
      'u.time_zone',
      'o.name as org_name',
    ])
    .where('u.id', '=', id)
    .executeTakeFirstOrThrow();
  const roles = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select('r.name')
    .where('ur.user_id', '=', id)
    .execute();
  return {
    id: u.id,
    loginName: u.login_name,
    nickname: u.nickname,
    mobile: u.mobile,
    email: u.email,
    orgName: u.org_name,
    roles: roles.map((r) => r.name),
    avatar: u.avatar,
    createdAt: u.created_at,
    timeZone: u.time_zone,
  };
}

export async function updateProfile(
  db: Db,
  id: number,
  values: { nickname: string; email: string | null; mobile: string | null; time_zone?: string | null },
) {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function avatarOf(db: Db, id: number) {
  const row = await db.selectFrom('users').select('avatar').where('id', '=', id).executeTakeFirstOrThrow();
  return row.avatar;
}

export async function setAvatar(db: Db, id: number, avatar: string) {
  await db.updateTable('users').set({ avatar }).where('id', '=', id).execute();
}

/** Whether any user shows this avatar. */
export async function avatarInUse(db: Db, avatar: string) {
  return (await db.selectFrom('users').select('id').where('avatar', '=', avatar).executeTakeFirst()) !== undefined;
}
