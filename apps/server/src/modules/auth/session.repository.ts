import type { DataScope, OrgGroupCode } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { SessionUser } from '../../lib/types.js';

/** Stores a new session under its token's hash. */
export async function insertSession(
  db: Kysely<Database>,
  s: { tokenHash: string; userId: number; roleId: number | null; now: number; expiresAt: number },
) {
  await db
    .insertInto('sessions')
    .values({
      token_hash: s.tokenHash,
      user_id: s.userId,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: s.expiresAt,
      revoked_at: null,
      role_id: s.roleId,
    })
    .execute();
}

const SCOPE_ORDER: DataScope[] = ['self', 'org', 'orgAndChildren', 'all'];

/** A session as read from the database, with what its checks need. */
export interface LoadedSession {
  user: SessionUser;
  state: string;
  revokedAt: number | null;
  expiresAt: number;
  lastSeenAt: number;
}

/** A session by its token hash, with its user, organisation, roles (all, or the one switched to) and permissions. */
export async function loadSession(db: Kysely<Database>, hash: string): Promise<LoadedSession | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('orgs as o', 'o.id', 'u.org_id')
    .innerJoin('org_groups as g', 'g.id', 'o.group_id')
    .select([
      's.id as sessionId',
      's.role_id',
      's.last_seen_at',
      's.expires_at',
      's.revoked_at',
      'u.id',
      'u.login_name',
      'u.state',
      'u.org_id',
      'o.path',
      'g.code as groupCode',
    ])
    .where('s.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) return undefined;
  let rolesQuery = db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.data_scope', 'r.sensitive'])
    .where('ur.user_id', '=', row.id);
  if (row.role_id !== null) rolesQuery = rolesQuery.where('r.id', '=', row.role_id);
  const roles = await rolesQuery.execute();
  const perms = roles.length
    ? await db
        .selectFrom('role_resources as rr')
        .innerJoin('resources as res', 'res.id', 'rr.resource_id')
        .select('res.perm')
        .distinct()
        .where(
          'rr.role_id',
          'in',
          roles.map((r) => r.id),
        )
        .where('res.perm', 'is not', null)
        .execute()
    : [];
  const dataScope = roles.reduce<DataScope>(
    (widest, r) => (SCOPE_ORDER.indexOf(r.data_scope) > SCOPE_ORDER.indexOf(widest) ? r.data_scope : widest),
    'self',
  );
  return {
    state: row.state,
    revokedAt: row.revoked_at,
    expiresAt: row.expires_at,
    lastSeenAt: row.last_seen_at,
    user: {
      id: row.id,
      loginName: row.login_name,
      sessionId: row.sessionId,
      roleIds: roles.map((r) => r.id),
      orgId: row.org_id,
      orgPath: row.path,
      orgGroupCode: row.groupCode as OrgGroupCode,
      perms: new Set(perms.map((p) => p.perm!)),
      dataScope,
      sensitive: roles.some((r) => r.sensitive === 1),
    },
  };
}

/** A session still counts: not revoked, its user enabled, not past its expiry, not idle too long. */
export const usable = (
  s: Pick<LoadedSession, 'revokedAt' | 'state' | 'expiresAt' | 'lastSeenAt'>,
  now: number,
  idleMs: number,
) => s.revokedAt === null && s.state === 'enabled' && now <= s.expiresAt && now - s.lastSeenAt <= idleMs;

/** Counts the session as used now. */
export async function touchSession(db: Kysely<Database>, sessionId: number, now: number) {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Kysely<Database>, sessionId: number) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: Date.now() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(db: Kysely<Database>, userId: number) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: Date.now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
