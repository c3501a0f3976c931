import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { customerSearchName } from '../../lib/like.js';

const BATCH = 500;

/**
 * The header search's folded names (lib/like.ts) of the customers that have none: the rows
 * written before the column existed, or by hand. Runs at every start, a few hundred rows at a
 * time; rows that have theirs are not read.
 */
export async function fillSearchNames(db: Kysely<Database>): Promise<void> {
  for (;;) {
    const rows = await db
      .selectFrom('customers')
      .select(['id', 'name', 'nickname'])
      .where('search_name', 'is', null)
      .limit(BATCH)
      .execute();
    for (const r of rows)
      await db
        .updateTable('customers')
        .set({ search_name: customerSearchName(r.name, r.nickname) })
        .where('id', '=', r.id)
        .execute();
    if (rows.length < BATCH) return;
  }
}
