import { sql } from 'kysely';
import { isPostgres, tableWithId, type Db } from '../../../db/migrations/support.js';

/**
 * Industries of the product catalogue (issue 36): name and code unique whatever their case (one
 * index each on the lowered value, so two requests at once cannot both take one), an icon, the
 * sort order of the lists and pickers, and whether it is offered for new products.
 */
export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  await tableWithId(db, pg, 'industries')
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('code', 'varchar(60)', (c) => c.notNull())
    .addColumn('icon', 'varchar(16)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('industries_code')
    .on('industries')
    .unique()
    .expression(sql`lower(code)`)
    .execute();
  await db.schema
    .createIndex('industries_name')
    .on('industries')
    .unique()
    .expression(sql`lower(name)`)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('industries').execute();
}
