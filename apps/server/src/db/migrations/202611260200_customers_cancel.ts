import { isPostgres, tableWithId, type Db } from './support.js';

/**
 * Account cancellation (issue 19): the 6-digit codes mailed to a customer's address. A row is written
 * for every request, also for an address no account has (nothing is mailed then), so throttling and
 * timing are the same either way. The code is kept only as a salted hash; `tries` counts wrong
 * entries (5 at most), `used_at` makes it single use, `expires_at` ends it after 10 minutes.
 * Customers are looked up by e-mail (case-insensitive) and by their login account.
 */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  await tableWithId(db, pg, 'cancel_codes')
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('salt', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cancel_codes_email').on('cancel_codes').columns(['email', 'created_at']).execute();
  await db.schema.createIndex('cancel_codes_user').on('cancel_codes').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('customers_user').on('customers').column('user_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('customers_user').ifExists().execute();
  await db.schema.dropTable('cancel_codes').ifExists().execute();
}
