import type { Db } from '../../../db/migrations/support.js';

/**
 * customers.search_name: a customer's name and nickname as the header search compares them,
 * accents folded and lower case (lib/like.ts `customerSearchName`, written by the repository).
 * SQLite's lower() changes ASCII letters only and neither database folds accents without an
 * extension: folded once on write, a search is the same plain LIKE on both, one column a row.
 * Null on the rows that exist: the start fills them (db/seed/search-names.ts); until then a search
 * compares lower(name || ' ' || nickname). (Plant names are letters, digits and Chinese characters
 * by rule: they need no such column.)
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('customers').addColumn('search_name', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('search_name').execute();
}
