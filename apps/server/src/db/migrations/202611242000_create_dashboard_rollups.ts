import { isPostgres, type Db } from './support.js';

/**
 * Compact rollups of the dashboard, refreshed by its periodic job (modules/dashboard/refresh.ts),
 * so a dashboard request sums one row per organisation in the caller's scope instead of reading
 * every device's rollups:
 * - org_snapshot: per organisation, the current power of its online inverters, its devices that went
 *   offline within the last 3 days and its faults opened within the last 30 (spec §9 windows);
 * - org_power_5m: per organisation and 5-minute bucket, the average of the snapshots' power (today's curve);
 * - org_daily_energy: per organisation and plant-local day, the inverters' production (device_daily summed).
 */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  const real = pg ? 'double precision' : 'real';

  await db.schema
    .createTable('org_snapshot')
    .addColumn('org_id', 'integer', (c) => c.primaryKey().references('orgs.id').onDelete('cascade'))
    .addColumn('power_w', real, (c) => c.notNull().defaultTo(0))
    .addColumn('devices_offline', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('faults', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('org_power_5m')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('bucket', 'bigint', (c) => c.notNull())
    .addColumn('power_w', real, (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('org_power_5m_pk', ['org_id', 'bucket'])
    .execute();
  await db.schema.createIndex('org_power_5m_bucket').on('org_power_5m').column('bucket').execute();

  await db.schema
    .createTable('org_daily_energy')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('energy_kwh', real, (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('org_daily_energy_pk', ['org_id', 'day'])
    .execute();
  // the refresh sums the days still growing (today, yesterday) over every device by day: the index
  // device_daily_day (day, device_id) of 202611241000_create_plant_extras serves it
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('org_daily_energy').ifExists().execute();
  await db.schema.dropTable('org_power_5m').ifExists().execute();
  await db.schema.dropTable('org_snapshot').ifExists().execute();
}
