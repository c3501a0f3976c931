import type { Db } from './support.js';

/**
 * archive_config.pruned_before: the cutoff (epoch ms) of the last archive run. Raw samples older
 * than it may be gone, so a late sample's days are not recounted from them (ingest pipeline).
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('archive_config').addColumn('pruned_before', 'bigint').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('archive_config').dropColumn('pruned_before').execute();
}
