import type { DataScope, OrgGroupCode } from '@pv/contract';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { dialectOf, type DialectName } from '../../db/dialect.js';
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
  roles: string | RoleTuple[] | null;
}

type RoleTuple = [number, DataScope, number, string[]];

/** What a session's roles grant: the same for every session whose roles read the same. */
interface Grants {
  roleIds: number[];
  perms: ReadonlySet<string>;
  dataScope: DataScope;
  sensitive: boolean;
}

function grantsOf(roles: RoleTuple[]): Grants {
  roles = roles.filter((r) => r[0] !== null);
  return {
    roleIds: roles.map(([id]) => id),
    perms: new Set(roles.flatMap(([, , , codes]) => codes ?? [])),
    dataScope: roles.reduce<DataScope>(
      (widest, [, scope]) => (SCOPE_ORDER.indexOf(scope) > SCOPE_ORDER.indexOf(widest) ? scope : widest),
      'self',
    ),
    sensitive: roles.some(([, , sensitive]) => sensitive === 1),
  };
}

/**
 * The grants of a roles text as the database answers it, by that text: parsing it (an administrator's
 * roles are 1.6 kB of permission codes) and building the permission set was about 25 µs of every
 * uncached request. The text is read from the database on every request as before; only its
 * parse is kept, so a role's new permissions, scope or sensitivity (a different text) count at
 * once. At most GRANTS_KEPT texts (distinct role combinations), then it starts again.
 */
const grantsByText = new Map<string, Grants>();
const GRANTS_KEPT = 500;

function grantsOfRow(roles: SessionRow['roles']): Grants {
  if (typeof roles !== 'string') return grantsOf(roles ?? []);
  let grants = grantsByText.get(roles);
  if (!grants) {
    if (grantsByText.size >= GRANTS_KEPT) grantsByText.clear();
    grants = grantsOf(JSON.parse(roles) as RoleTuple[]);
    grantsByText.set(roles, grants);
  }
  return grants;
}

/**
 * The session statement of a dialect, its one parameter the token hash; its text is written once
 * (compiling it through Kysely was a few µs of every request without kept sessions).
 */
function sessionSql(db: Kysely<Database>): string {
  const dialect = dialectOf(db);
  let text = SESSION_SQL.get(dialect);
  if (text !== undefined) return text;
  // each role's permission codes are kept on the role (roles.perms, by triggers): gathering them
  // here from role_resources and resources was most of the statement's time. On SQLite the array
  // is written around each role's perms text as stored (a JSON array, never null) rather than
  // through json(), which parsed and wrote again an administrator's 1.6 kB on every request; the
  // text is the one json_group_array wrote (no roles: null instead of [], the same to grantsOf)
  const rolesAgg =
    dialect === 'postgres'
      ? sql`json_agg(json_build_array(r.id, r.data_scope, r.sensitive, r.perms::json))::text`
      : sql`'[' || group_concat('[' || r.id || ',' || json_quote(r.data_scope) || ',' || r.sensitive || ',' || r.perms || ']', ',') || ']'`;
  text = sql`select s.id as "sessionId", s.role_id, s.last_seen_at, s.expires_at,
      s.revoked_at, u.id, u.login_name, u.state, u.org_id, o.path, g.code as "groupCode",
      (select ${rolesAgg} from user_roles ur inner join roles r on r.id = ur.role_id
        where ur.user_id = u.id and (s.role_id is null or r.id = s.role_id)) as roles
    from sessions s
    inner join users u on u.id = s.user_id
    inner join orgs o on o.id = u.org_id
    inner join org_groups g on g.id = o.group_id
    where s.token_hash = ${''}`.compile(db).sql;
  SESSION_SQL.set(dialect, text);
  return text;
}

const SESSION_SQL = new Map<DialectName, string>();

/**
 * A session by its token hash, with its user, organisation, roles (all, or the one switched to) and
 * permissions, in one statement: without the session cache (CACHE_SECONDS=0) every request reads
 * it, and the roles and permissions come back as one JSON text each rather than a row per grant.
 */
export async function loadSession(db: Kysely<Database>, hash: string): Promise<LoadedSession | undefined> {
  const { rows } = await db.executeQuery(CompiledQuery.raw(sessionSql(db), [hash]));
  const row = rows[0] as SessionRow | undefined;
  if (!row) return undefined;
  const { roleIds, perms, dataScope, sensitive } = grantsOfRow(row.roles);
  return {
    state: row.state,
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    expiresAt: Number(row.expires_at),
    lastSeenAt: Number(row.last_seen_at),
    user: {
      id: row.id,
      loginName: row.login_name,
      sessionId: row.sessionId,
      roleIds: [...roleIds],
      orgId: row.org_id,
      orgPath: row.path,
      orgGroupCode: row.groupCode as OrgGroupCode,
      perms,
      dataScope,
      sensitive,
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
