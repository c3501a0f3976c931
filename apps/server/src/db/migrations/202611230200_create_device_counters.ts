import type { Db } from './support.js';

/** The last energy counter reading per device: daily energy grows by deltas instead of re-reading samples. */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('device_counters')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('last_ts', 'bigint', (c) => c.notNull())
    .addColumn('last_total', 'double precision', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('device_counters').ifExists().execute();
}
