import { isPostgres, tableWithId, type Db } from './support.js';

/** MQTT/HTTP endpoint records per country and the archive configuration (one row). */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  await tableWithId(db, pg, 'mqtt_configs')
    .addColumn('service_address', 'varchar(255)', (c) => c.notNull())
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('http_port', 'integer', (c) => c.notNull())
    .addColumn('country', 'varchar(64)', (c) => c.notNull())
    .addColumn('topic', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('archive_config')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('filing_rate', 'varchar(16)', (c) => c.notNull())
    .addColumn('storage_medium', 'varchar(16)', (c) => c.notNull())
    .addColumn('retention_days', 'integer', (c) => c.notNull())
    .addColumn('last_filed_at', 'bigint')
    .addColumn('last_pruned', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('archive_config')
    .values({
      id: 1,
      filing_rate: 'daily',
      storage_medium: 'database',
      retention_days: 365,
      last_filed_at: null,
      last_pruned: 0,
    })
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('archive_config').ifExists().execute();
  await db.schema.dropTable('mqtt_configs').ifExists().execute();
}
