import { isPostgres, tableWithId, type Db } from './support.js';

/**
 * What the plant screens add (issue 4): customers (the plant owners), the plant's owner,
 * installer organisation and install capacity, per-user favourites, and grants that let a user
 * see one plant and its devices; indexes for the plant list's sort columns.
 */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);

  await tableWithId(db, pg, 'customers')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id'))
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(128)')
    .addColumn('phone', 'varchar(32)')
    .addColumn('address', 'varchar(255)')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customers_org').on('customers').column('org_id').execute();

  await db.schema
    .alterTable('plants')
    .addColumn('owner_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('plants')
    .addColumn('installer_org_id', 'integer', (c) => c.references('orgs.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('plants').addColumn('install_capacity_wp', 'bigint').execute();
  await db.schema.createIndex('plants_owner').on('plants').column('owner_id').execute();

  await db.schema
    .createTable('plant_favourites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('plant_favourites_pk', ['user_id', 'plant_id'])
    .execute();

  await tableWithId(db, pg, 'plant_grants')
    .addColumn('plant_id', 'integer', (c) => c.notNull().references('plants.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** comma-separated: view, control */
    .addColumn('perms', 'varchar(64)', (c) => c.notNull())
    .addColumn('granted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('plant_grants_plant_user')
    .on('plant_grants')
    .columns(['plant_id', 'user_id'])
    .unique()
    .execute();
  await db.schema.createIndex('plant_grants_user').on('plant_grants').column('user_id').execute();

  // the plant list sorts in SQL on these (with the id as tie-break) and reads 20 rows by index
  for (const c of ['energy_today', 'energy_month', 'energy_year', 'energy_total', 'data_updated_at']) {
    await db.schema.createIndex(`plant_stats_${c}`).on('plant_stats').columns([c, 'plant_id']).execute();
  }
  for (const c of ['name', 'capacity_wp', 'installed_at', 'created_at'])
    await db.schema.createIndex(`plants_${c}`).on('plants').columns([c, 'id']).execute();
}

export async function down(db: Db): Promise<void> {
  for (const c of ['name', 'capacity_wp', 'installed_at', 'created_at'])
    await db.schema.dropIndex(`plants_${c}`).ifExists().execute();
  for (const c of ['energy_today', 'energy_month', 'energy_year', 'energy_total', 'data_updated_at'])
    await db.schema.dropIndex(`plant_stats_${c}`).ifExists().execute();
  await db.schema.dropTable('plant_grants').ifExists().execute();
  await db.schema.dropTable('plant_favourites').ifExists().execute();
  await db.schema.dropIndex('plants_owner').ifExists().execute();
  for (const c of ['install_capacity_wp', 'installer_org_id', 'owner_id'])
    await db.schema.alterTable('plants').dropColumn(c).execute();
  await db.schema.dropTable('customers').ifExists().execute();
}
