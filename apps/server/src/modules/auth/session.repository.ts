import type { DataScope, OrgGroupCode } from '@pv/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
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

interface SessionRow {
  sessionId: number;
  role_id: number | null;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  id: number;
  login_name: string;
  state: string;
  org_id: number;
  path: string;
  groupCode: string;
  /** JSON: [[role id, data scope, sensitive, [permission codes]], …] of the roles in force (all, or the one switched to) */
  roles: string | [number, DataScope, number, string[]][] | null;
}

const fromJson = <T>(v: string | T | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * A session by its token hash, with its user, organisation, roles (all, or the one switched to) and
 * permissions, in one statement: without the session cache (CACHE_SECONDS=0) every request reads
 * it, and the roles and permissions come back as one JSON text each rather than a row per grant.
 */
export async function loadSession(db: Kysely<Database>, hash: string): Promise<LoadedSession | undefined> {
  // each role's permission codes are kept on the role (roles.perms, by triggers): gathering them
  // here from role_resources and resources was most of the statement's time
  const rolesAgg =
    dialectOf(db) === 'postgres'
      ? sql`json_agg(json_build_array(r.id, r.data_scope, r.sensitive, r.perms::json))`
      : sql`json_group_array(json_array(r.id, r.data_scope, r.sensitive, json(r.perms)))`;
  const { rows } = await sql<SessionRow>`select s.id as "sessionId", s.role_id, s.last_seen_at, s.expires_at,
      s.revoked_at, u.id, u.login_name, u.state, u.org_id, o.path, g.code as "groupCode",
      (select ${rolesAgg} from user_roles ur inner join roles r on r.id = ur.role_id
        where ur.user_id = u.id and (s.role_id is null or r.id = s.role_id)) as roles
    from sessions s
    inner join users u on u.id = s.user_id
    inner join orgs o on o.id = u.org_id
    inner join org_groups g on g.id = o.group_id
    where s.token_hash = ${hash}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const roles = (fromJson(row.roles) ?? []).filter((r) => r[0] !== null);
  const perms = new Set(roles.flatMap(([, , , codes]) => codes ?? []));
  const dataScope = roles.reduce<DataScope>(
    (widest, [, scope]) => (SCOPE_ORDER.indexOf(scope) > SCOPE_ORDER.indexOf(widest) ? scope : widest),
    'self',
  );
  return {
    state: row.state,
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    expiresAt: Number(row.expires_at),
    lastSeenAt: Number(row.last_seen_at),
    user: {
      id: row.id,
      loginName: row.login_name,
      sessionId: row.sessionId,
      roleIds: roles.map(([id]) => id),
      orgId: row.org_id,
      orgPath: row.path,
      orgGroupCode: row.groupCode as OrgGroupCode,
      perms,
      dataScope,
      sensitive: roles.some(([, , sensitive]) => sensitive === 1),
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

/** Stores a ticket of the event stream (its hash) for a session; drops the expired ones on the way. */
export async function insertStreamTicket(
  db: Kysely<Database>,
  t: { ticketHash: string; sessionId: number; now: number; expiresAt: number },
) {
  await db.deleteFrom('stream_tickets').where('expires_at', '<', t.now).execute();
  await db
    .insertInto('stream_tickets')
    .values({ ticket_hash: t.ticketHash, session_id: t.sessionId, expires_at: t.expiresAt })
    .execute();
}

/**
 * Uses a ticket up: deletes it and answers the token hash of its session, or undefined when it is
 * unknown, already used (by any server process: the delete is the one that wins) or expired.
 */
export async function takeStreamTicket(db: Kysely<Database>, ticketHash: string, now: number) {
  const taken = await db
    .deleteFrom('stream_tickets')
    .where('ticket_hash', '=', ticketHash)
    .returning(['session_id', 'expires_at'])
    .executeTakeFirst();
  if (!taken || Number(taken.expires_at) < now) return undefined;
  const session = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('id', '=', taken.session_id)
    .executeTakeFirst();
  return session?.token_hash;
}
