import { isPostgres, type Db } from './support.js';

/**
 * plant_retired_energy: per plant and plant-local day, the production of inverters that have left
 * the plant (replaced, moved to another plant, deleted). Their daily rows move here when they
 * leave, so the plant's history stays with the plant (docs/energy-model.md).
 */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .createTable('plant_retired_energy')
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('energy_kwh', pg ? 'double precision' : 'real', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('plant_retired_energy_pk', ['plant_id', 'day'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('plant_retired_energy').ifExists().execute();
}
