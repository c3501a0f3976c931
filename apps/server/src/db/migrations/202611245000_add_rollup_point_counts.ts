import type { Db } from './support.js';

/**
 * device_rollup_5m.point_n: JSON { point: samples } for the points that were not in every one of
 * the bucket's `n` samples (null when all were), so a later batch averages them exactly.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('device_rollup_5m').addColumn('point_n', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('device_rollup_5m').dropColumn('point_n').execute();
}
