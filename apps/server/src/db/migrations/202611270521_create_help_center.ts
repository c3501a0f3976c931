import { isPostgres, tableWithId, type Db } from './support.js';

/**
 * The help center and the interface error log (issue 21).
 * - client_errors: what consoles reported (uncaught errors, failed renders, failed requests), with
 *   the user, route and browser; newest first, pruned after a retention.
 * - content_items: help-center content (contact us, user guide, privacy policy, FAQs) per language,
 *   ordered; status draft / published / deleted (a soft delete that can be restored).
 * - contact_messages: what visitors wrote through the public contact form, and the answer.
 * - product_documents: files of a product by document type (PDF, or MP4 for the installation video),
 *   stored under DATA_DIR/files/products by their SHA-256.
 * - product_releases: release notes of a product version, per-language JSON.
 * - product_problems and problem_pictures: problems reported against a product, answered, closed,
 *   linked to the FAQ their answer became.
 */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  await tableWithId(db, pg, 'client_errors')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('login_name', 'varchar(64)')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'varchar(1000)', (c) => c.notNull())
    .addColumn('stack', 'varchar(4000)')
    .addColumn('route', 'varchar(500)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)')
    .addColumn('status', 'integer')
    .addColumn('user_agent', 'varchar(500)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('client_errors_created').on('client_errors').column('created_at').execute();

  await tableWithId(db, pg, 'content_items')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('media_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // the public read: published items of a kind in a language, in order
  await db.schema
    .createIndex('content_items_kind_status')
    .on('content_items')
    .columns(['kind', 'status', 'lang', 'sort_order'])
    .execute();

  await tableWithId(db, pg, 'contact_messages')
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('email', 'varchar(120)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)')
    .addColumn('message', 'varchar(2000)', (c) => c.notNull())
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('answer', 'varchar(5000)')
    .addColumn('answered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('answered_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_status').on('contact_messages').columns(['status', 'id']).execute();

  await tableWithId(db, pg, 'product_documents')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('doc_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('file_path', 'varchar(80)', (c) => c.notNull())
    .addColumn('mime', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_documents_product')
    .on('product_documents')
    .columns(['product_id', 'doc_type'])
    .execute();

  await tableWithId(db, pg, 'product_releases')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('version', 'varchar(32)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('product_releases_version', ['product_id', 'version'])
    .execute();

  await tableWithId(db, pg, 'product_problems')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(5000)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('answer', 'varchar(5000)')
    .addColumn('faq_id', 'integer', (c) => c.references('content_items.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .execute();
  await db.schema.createIndex('product_problems_status').on('product_problems').columns(['status', 'id']).execute();

  await tableWithId(db, pg, 'problem_pictures')
    .addColumn('problem_id', 'integer', (c) => c.notNull().references('product_problems.id').onDelete('cascade'))
    .addColumn('file_path', 'varchar(80)', (c) => c.notNull())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('problem_pictures_problem').on('problem_pictures').column('problem_id').execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of [
    'problem_pictures',
    'product_problems',
    'product_releases',
    'product_documents',
    'contact_messages',
    'content_items',
    'client_errors',
  ])
    await db.schema.dropTable(t).execute();
}
