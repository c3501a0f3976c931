import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

const DAY = 86_400_000;

/** Removes raw samples older than the retention (rollups stay) and records the run. */
export async function pruneSamples(db: Kysely<Database>, now: number): Promise<number> {
  const cfg = await db.selectFrom('archive_config').select('retention_days').where('id', '=', 1).executeTakeFirstOrThrow();
  const res = await db.deleteFrom('samples').where('ts', '<', now - cfg.retention_days * DAY).executeTakeFirst();
  const removed = Number(res.numDeletedRows);
  await db.updateTable('archive_config').set({ last_filed_at: now, last_pruned: removed }).where('id', '=', 1).execute();
  return removed;
}
