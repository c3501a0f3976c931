import { isPostgres, tableWithId, type Db } from './support.js';

/** Plants, products, devices, raw samples, daily energy rollups and faults (issue 3). */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  const table = (name: string) => tableWithId(db, pg, name);
  const real = pg ? 'double precision' : 'real';

  await table('plants')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('capacity_wp', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('country', 'varchar(64)')
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('Asia/Shanghai'))
    .addColumn('latitude', real)
    .addColumn('longitude', real)
    .addColumn('address', 'varchar(255)')
    .addColumn('install_position', 'varchar(16)')
    .addColumn('installed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('plants_org').on('plants').column('org_id').execute();

  await table('products')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('product_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await table('devices')
    .addColumn('sn', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.references('products.id'))
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id'))
    .addColumn('plant_id', 'integer', (c) => c.references('plants.id').onDelete('set null'))
    .addColumn('parent_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
    .addColumn('secret_hash', 'varchar(64)')
    .addColumn('mac', 'varchar(32)')
    .addColumn('comm_mode', 'varchar(16)', (c) => c.notNull().defaultTo('mqtt'))
    .addColumn('online_state', 'varchar(16)', (c) => c.notNull().defaultTo('inactive'))
    .addColumn('run_state', 'varchar(16)', (c) => c.notNull().defaultTo('normal'))
    .addColumn('hw_version', 'varchar(32)')
    .addColumn('sw_version', 'varchar(32)')
    .addColumn('protocol_version', 'varchar(32)')
    .addColumn('last_online_at', 'bigint')
    .addColumn('last_points', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('devices_plant').on('devices').column('plant_id').execute();
  await db.schema.createIndex('devices_org').on('devices').column('org_id').execute();
  await db.schema.createIndex('devices_parent').on('devices').column('parent_id').execute();

  await db.schema
    .createTable('samples')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('points', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('samples_pk', ['device_id', 'ts'])
    .execute();

  await db.schema
    .createTable('device_daily')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('energy_kwh', real, (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_daily_pk', ['device_id', 'day'])
    .execute();

  await table('faults')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('message', 'varchar(255)')
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('unrepaired'))
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('fixed_at', 'bigint')
    .execute();
  await db.schema.createIndex('faults_device_state').on('faults').columns(['device_id', 'state']).execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of ['faults', 'device_daily', 'samples', 'devices', 'products', 'plants'])
    await db.schema.dropTable(t).ifExists().execute();
}
