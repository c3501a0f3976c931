import type { Db } from './support.js';

/**
 * The plant list sorts by power and by status with the plant id as tie-break, like its other sort
 * columns: (column, plant_id) indexes let PostgreSQL read a page in that order and stop after it,
 * where the one-column indexes left it sorting every plant of the scope (SQLite's indexes end with
 * the rowid, the plant id, already). They replace the one-column indexes, which they cover.
 */
const COLUMNS = { plant_stats_power: 'power_w', plant_stats_status: 'status' } as const;

export async function up(db: Db): Promise<void> {
  for (const [name, column] of Object.entries(COLUMNS)) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on('plant_stats').columns([column, 'plant_id']).execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const [name, column] of Object.entries(COLUMNS)) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on('plant_stats').column(column).execute();
  }
}
