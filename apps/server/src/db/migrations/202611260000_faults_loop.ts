import { sql } from 'kysely';
import { isPostgres, tableWithId, type Db } from './support.js';

/**
 * The fault loop (issue 18).
 * - faults: severity, processing (open → acknowledged → inProgress → fixed; `state` stays the spec's
 *   repair status, fixed exactly when processing is), occurrences and last_seen_at (reported again
 *   while open), recovered_at (the device cleared it), plant_id / org_id stamped when it opened
 *   (the list filters and scopes without joining devices), handled_by / handled_at (last person).
 * - fault_events: each fault's history (opened, recurred, recovered by the device; acknowledged,
 *   started, fixed, note by a person). Notifications read the 'opened' rows by id.
 * - fault_codes: the catalogue per product (null: any product) with texts per language.
 * Existing faults get their device's plant and organisation, processing from state, an 'opened' event.
 */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .alterTable('faults')
    .addColumn('severity', 'varchar(16)', (c) => c.notNull().defaultTo('major'))
    .execute();
  await db.schema
    .alterTable('faults')
    .addColumn('processing', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
    .execute();
  await db.schema
    .alterTable('faults')
    .addColumn('occurrences', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('faults')
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('faults').addColumn('recovered_at', 'bigint').execute();
  await db.schema.alterTable('faults').addColumn('plant_id', 'integer').execute();
  await db.schema
    .alterTable('faults')
    .addColumn('org_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('faults').addColumn('handled_by', 'integer').execute();
  await db.schema.alterTable('faults').addColumn('handled_at', 'bigint').execute();

  // existing rows: their device's plant and organisation, processing from the repair status
  await sql`update faults set
      plant_id = (select d.plant_id from devices d where d.id = faults.device_id),
      org_id = coalesce((select d.org_id from devices d where d.id = faults.device_id), 0),
      processing = case when state = 'fixed' then 'fixed' else 'open' end,
      last_seen_at = opened_at`.execute(db);

  // the list: by plant or organisation and repair status, newest first (id breaks ties); the tabs;
  // the time range
  await db.schema
    .createIndex('faults_plant_state_opened')
    .on('faults')
    .columns(['plant_id', 'state', 'opened_at', 'id'])
    .execute();
  await db.schema
    .createIndex('faults_org_state_opened')
    .on('faults')
    .columns(['org_id', 'state', 'opened_at', 'id'])
    .execute();
  await db.schema.createIndex('faults_processing').on('faults').columns(['processing', 'opened_at', 'id']).execute();
  await db.schema.createIndex('faults_state_opened').on('faults').columns(['state', 'opened_at', 'id']).execute();
  await db.schema.createIndex('faults_opened').on('faults').column('opened_at').execute();
  // the ingest's look-up of a device's open faults: (device_id, state) exists; add the code
  await db.schema.dropIndex('faults_device_state').ifExists().execute();
  await db.schema.createIndex('faults_device_state').on('faults').columns(['device_id', 'state', 'code']).execute();

  await tableWithId(db, pg, 'fault_events')
    .addColumn('fault_id', 'integer', (c) => c.notNull().references('faults.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .execute();
  await db.schema.createIndex('fault_events_fault').on('fault_events').columns(['fault_id', 'id']).execute();

  await tableWithId(db, pg, 'fault_codes')
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('severity', 'varchar(16)', (c) => c.notNull())
    .addColumn('texts', 'text', (c) => c.notNull())
    .execute();
  // unique per (product, code); a null product (any product) is made 0 so it is unique too
  await sql`create unique index fault_codes_product_code on fault_codes (coalesce(product_id, 0), code)`.execute(db);

  // the history of existing faults starts with their opening (and their repair)
  await sql`insert into fault_events (fault_id, at, user_id, action, note)
      select id, opened_at, null, 'opened', null from faults`.execute(db);
  await sql`insert into fault_events (fault_id, at, user_id, action, note)
      select id, fixed_at, null, 'fixed', null from faults where state = 'fixed' and fixed_at is not null`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('fault_codes').ifExists().execute();
  await db.schema.dropTable('fault_events').ifExists().execute();
  for (const i of [
    'faults_plant_state_opened',
    'faults_org_state_opened',
    'faults_processing',
    'faults_state_opened',
    'faults_opened',
  ])
    await db.schema.dropIndex(i).ifExists().execute();
  await db.schema.dropIndex('faults_device_state').ifExists().execute();
  await db.schema.createIndex('faults_device_state').on('faults').columns(['device_id', 'state']).execute();
  for (const c of [
    'severity',
    'processing',
    'occurrences',
    'last_seen_at',
    'recovered_at',
    'plant_id',
    'org_id',
    'handled_by',
    'handled_at',
  ])
    await db.schema.alterTable('faults').dropColumn(c).execute();
}
