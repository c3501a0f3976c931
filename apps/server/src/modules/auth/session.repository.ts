import { createHash, randomBytes } from 'node:crypto';
import type { DataScope, OrgGroupCode } from '@pv/contract';
import type { Kysely } from 'kysely';
import { GenerationCache } from '../../lib/generation-cache.js';
import type { Database } from '../../db/database.js';
import type { SessionUser } from '../../lib/types.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new opaque token (256 bits); only its hash is stored. */
export async function createSession(
  db: Kysely<Database>,
  userId: number,
  maxMs: number,
  roleId: number | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + maxMs,
      revoked_at: null,
      role_id: roleId,
    })
    .execute();
  return token;
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

/**
 * Signed-in users by token hash, so a request does not read its session, roles and permissions
 * again (three queries, most of a small request's cost). Any change that can touch them (a
 * mutating console request, see plugins/access.ts) empties the cache of every server process
 * through the event bus; an entry also lives at most `ttlMs`. Only a session that passes its
 * checks is kept: a refusal is always read again from the database.
 */
export class SessionCache extends GenerationCache<LoadedSession> {
  /** `ttlMs` 0 turns the cache off. */
  constructor(ttlMs = 10_000, max = 10_000) {
    super({ ttlMs, max });
  }
}

async function loadSession(db: Kysely<Database>, hash: string): Promise<LoadedSession | undefined> {
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

/** The user behind a token, or undefined when it is unknown, revoked, expired or idle too long. */
export async function findSessionUser(
  db: Kysely<Database>,
  token: string,
  idleMs: number,
  cache?: SessionCache,
): Promise<SessionUser | undefined> {
  const now = Date.now();
  const hash = hashToken(token);
  const cached = cache?.get(hash);
  let session: LoadedSession | undefined;
  if (cached && usable(cached, now, idleMs)) {
    session = cached;
  } else {
    const generation = cache?.begin() ?? 0;
    session = await loadSession(db, hash);
    if (!session || !usable(session, now, idleMs)) return undefined;
    cache?.set(hash, generation, session);
  }
  if (now - session.lastSeenAt > 60_000) {
    // at most one write a minute per session (and process)
    session.lastSeenAt = now;
    await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session.user.sessionId).execute();
  }
  return session.user;
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
