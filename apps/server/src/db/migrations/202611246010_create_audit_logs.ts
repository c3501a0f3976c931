import { isPostgres, tableWithId, type Db } from './support.js';

/**
 * The audit trail: who did what to which record and when. No foreign keys: an entry outlives
 * the user, organisation or record it names (the login name is kept for that reason).
 */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  await tableWithId(db, pg, 'audit_logs')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('login_name', 'varchar(64)')
    .addColumn('org_id', 'integer')
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('entity', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'varchar(64)')
    .addColumn('summary', 'varchar(1000)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('route', 'varchar(255)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_logs_at').on('audit_logs').column('at').execute();
  await db.schema.createIndex('audit_logs_login_at').on('audit_logs').columns(['login_name', 'at']).execute();
  await db.schema.createIndex('audit_logs_action_at').on('audit_logs').columns(['action', 'at']).execute();
  await db.schema.createIndex('audit_logs_entity_at').on('audit_logs').columns(['entity', 'at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('audit_logs').ifExists().execute();
}
