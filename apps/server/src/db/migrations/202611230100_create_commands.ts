import { isPostgres, tableWithId, type Db } from './support.js';

/** Commands pushed to devices: stored before they are sent, updated by the device's ack. */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  await tableWithId(db, pg, 'commands')
    .addColumn('cmd_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('processing'))
    .addColumn('ack_content', 'varchar(1024)')
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('commands_device').on('commands').columns(['device_id', 'created_at']).execute();
  await db.schema.createIndex('commands_status').on('commands').columns(['status', 'created_at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('commands').ifExists().execute();
}
