import { isPostgres, type Db } from '../../../db/migrations/support.js';

/**
 * org_zone_daily_energy: per organisation, plant time zone and plant-local day, the production of
 * the organisation's plants in that zone (the dashboard job keeps it beside org_daily_energy). The
 * dashboard's day chart aligns each zone on its own today: its latest bar is the sum of each
 * plant's local today, as the "production today" figure (docs/energy-model.md §4). Filled by the
 * job's first run (the history the charts show), like org_daily_energy.
 */
export async function up(db: Db): Promise<void> {
  const real = (await isPostgres(db)) ? 'double precision' : 'real';
  await db.schema
    .createTable('org_zone_daily_energy')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('energy_kwh', real, (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('org_zone_daily_energy_pk', ['org_id', 'day', 'time_zone'])
    .execute();
  // the refresh writes the days still growing again (deleted by day first)
  await db.schema.createIndex('org_zone_daily_energy_day').on('org_zone_daily_energy').column('day').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('org_zone_daily_energy').ifExists().execute();
}
