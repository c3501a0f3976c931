import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';

/** A device silent past its window goes offline (ARCHITECTURE §5). Answers the ids of those that changed (for the live `devices` event). */
export async function markOffline(db: Kysely<Database>, now: number, windowMs: number): Promise<number[]> {
  const rows = await db
    .updateTable('devices')
    .set({ online_state: 'offline' })
    .where('online_state', '=', 'online')
    .where('last_online_at', '<', now - windowMs)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
