import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** Every organisation's path ('/1/4/'), by id. */
export async function orgPaths(db: Kysely<Database>): Promise<Map<number, string>> {
  const rows = await db.selectFrom('orgs').select(['id', 'path']).execute();
  return new Map(rows.map((r) => [r.id, r.path]));
}

/** What the session checks (`usable`) read of a session and its user, by session id. */
export function sessionState(db: Kysely<Database>, sessionId: number) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.revoked_at as revokedAt', 's.expires_at as expiresAt', 's.last_seen_at as lastSeenAt', 'u.state'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}
