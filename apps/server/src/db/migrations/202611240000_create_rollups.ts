import { isPostgres, type Db } from './support.js';

/**
 * Rollups that charts and lists read instead of raw samples (ARCHITECTURE §5, issue 4):
 * - device_rollup_5m: per device and 5-minute bucket, the average of every numeric point seen in
 *   it (`points` JSON { name: average }) over `n` samples; written by the ingest pipeline.
 * - plant_stats: one row per plant with what the plant list sorts and filters on (current power,
 *   production today / month / year / total in the plant's local calendar, status, device counts),
 *   refreshed by a periodic job from device state, device_daily and faults.
 */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  const real = pg ? 'double precision' : 'real';

  await db.schema
    .createTable('device_rollup_5m')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('bucket', 'bigint', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('points', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_rollup_5m_pk', ['device_id', 'bucket'])
    .execute();

  await db.schema
    .createTable('plant_stats')
    .addColumn('plant_id', 'integer', (c) => c.primaryKey().references('plants.id').onDelete('cascade'))
    .addColumn('power_w', real, (c) => c.notNull().defaultTo(0))
    .addColumn('energy_today', real, (c) => c.notNull().defaultTo(0))
    .addColumn('energy_month', real, (c) => c.notNull().defaultTo(0))
    .addColumn('energy_year', real, (c) => c.notNull().defaultTo(0))
    .addColumn('energy_total', real, (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('offline'))
    .addColumn('devices', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('devices_online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('open_faults', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data_updated_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('plant_stats_status').on('plant_stats').column('status').execute();
  await db.schema.createIndex('plant_stats_power').on('plant_stats').column('power_w').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('plant_stats').ifExists().execute();
  await db.schema.dropTable('device_rollup_5m').ifExists().execute();
}
