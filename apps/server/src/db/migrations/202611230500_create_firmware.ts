import { isPostgres, tableWithId, type Db } from './support.js';

/** Firmware files and the OTA progress events devices report (the device update log). */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  await tableWithId(db, pg, 'firmware')
    .addColumn('version', 'varchar(32)', (c) => c.notNull())
    .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_path', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(512)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('firmware_type_version')
    .on('firmware')
    .columns(['device_type', 'version'])
    .unique()
    .execute();
  await tableWithId(db, pg, 'ota_events')
    .addColumn('cmd_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('progress', 'integer', (c) => c.notNull())
    .addColumn('version', 'varchar(32)')
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ota_events_device').on('ota_events').columns(['device_id', 'ts']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('ota_events').ifExists().execute();
  await db.schema.dropTable('firmware').ifExists().execute();
}
