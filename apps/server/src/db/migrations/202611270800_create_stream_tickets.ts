import type { Db } from './support.js';

/**
 * Single-use tickets of the event stream (issue 23): EventSource cannot send the X-Token header,
 * so the console asks for a ticket of its session (POST /events/ticket) and opens the stream with
 * `?ticket=`. Only the ticket's hash is stored, with the session it stands for and its expiry; the
 * stream's request deletes it (single use), in whichever server process it lands.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('stream_tickets')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stream_tickets_expires').on('stream_tickets').column('expires_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('stream_tickets').execute();
}
