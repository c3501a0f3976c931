import { isPostgres, type Db } from './support.js';

/** Organisation number and groupings (a JSON array of {name, code}: a few labels, never queried by part). */
export async function up(db: Db): Promise<void> {
  // a group code follows the §5 code rule (up to 60 characters); SQLite ignores the length anyway
  if (await isPostgres(db))
    await db.schema
      .alterTable('org_groups')
      .alterColumn('code', (c) => c.setDataType('varchar(64)'))
      .execute();
  await db.schema.alterTable('orgs').addColumn('number', 'varchar(64)').execute();
  await db.schema
    .alterTable('orgs')
    .addColumn('groupings', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('orgs').dropColumn('groupings').execute();
  await db.schema.alterTable('orgs').dropColumn('number').execute();
}
