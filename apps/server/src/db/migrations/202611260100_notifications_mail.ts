import { isPostgres, tableWithId, type Db } from './support.js';

/**
 * Mail and notifications (issue 18; the mail module serves issue 19's mails too).
 * - mail_outbox: every mail, written in the transaction of what caused it and sent later by the
 *   `mail-send` job: queued → sent, or failed after the last attempt; 'stored' when no SMTP relay is
 *   configured (an administrator reads it in the console).
 * - notifications: what a user is told in the console (the bell), newest first, read or not.
 * - notification_prefs: how a user wants to be told (console, mail, the least severe fault for
 *   each) and the language of their mails. No row: the defaults, in English.
 * Mails and notifications are kept for a retention period (the prune jobs): hence the created_at indexes.
 */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  await tableWithId(db, pg, 'mail_outbox')
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('subject', 'varchar(998)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('template', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  // the job's look-up of what is due; the outbox list by status, newest first
  await db.schema
    .createIndex('mail_outbox_status_due')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('mail_outbox_status_id').on('mail_outbox').columns(['status', 'id']).execute();
  // the retention: what is older than it goes
  await db.schema.createIndex('mail_outbox_created').on('mail_outbox').column('created_at').execute();

  await tableWithId(db, pg, 'notifications')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('fault_id', 'integer', (c) => c.references('faults.id').onDelete('set null'))
    .addColumn('severity', 'varchar(16)', (c) => c.notNull())
    // the line is rendered in the reader's language: a message key and its values (JSON)
    .addColumn('title_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('title_values', 'text', (c) => c.notNull())
    .addColumn('text', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  // a user's list (newest first) and their unread count
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('notifications_user_unread')
    .on('notifications')
    .columns(['user_id', 'read_at'])
    .execute();
  await db.schema.createIndex('notifications_fault').on('notifications').column('fault_id').execute();
  await db.schema.createIndex('notifications_created').on('notifications').column('created_at').execute();

  await db.schema
    .createTable('notification_prefs')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('console', 'integer', (c) => c.notNull())
    .addColumn('mail', 'integer', (c) => c.notNull())
    .addColumn('min_severity', 'varchar(16)', (c) => c.notNull())
    .addColumn('mail_min_severity', 'varchar(16)', (c) => c.notNull())
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('notification_prefs').ifExists().execute();
  await db.schema.dropTable('notifications').ifExists().execute();
  await db.schema.dropTable('mail_outbox').ifExists().execute();
}
