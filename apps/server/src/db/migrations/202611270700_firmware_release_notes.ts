import type { Db } from './support.js';

/**
 * firmware.release_notes: the version's update content as per-language JSON ({"en": "…", "zh": "…"},
 * English required; checked by the contract's parseUpdateContent), or null when none was written.
 * Product release notes (product_releases) stay per product; these belong to one firmware file.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('firmware').addColumn('release_notes', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('firmware').dropColumn('release_notes').execute();
}
