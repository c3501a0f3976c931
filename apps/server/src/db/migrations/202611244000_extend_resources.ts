import { sql } from 'kysely';
import type { Db } from './support.js';

/**
 * Resources get the fields of the resource screen (English name, data permission, sensitive
 * flag) and a seed key: the identity of a resource seeded from the route table ('menu:/auth/user',
 * 'button:user:create'), kept when an administrator edits the row. `resource_seeds` remembers
 * every key ever seeded, so a restart inserts only routes it has never seen: an edited resource
 * is not overwritten and a deleted one is not re-created.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('resources').addColumn('name_en', 'varchar(64)').execute();
  await db.schema
    .alterTable('resources')
    .addColumn('data_perm', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('resources')
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('resources').addColumn('seed_key', 'varchar(160)').execute();
  await db.schema.createIndex('resources_seed_key').on('resources').column('seed_key').execute();
  await db.schema.createIndex('resources_parent').on('resources').column('parent_id').execute();
  await db.schema
    .createTable('resource_seeds')
    .addColumn('seed_key', 'varchar(160)', (c) => c.primaryKey())
    .execute();
  // rows seeded before this migration: menus by path, buttons by permission code
  await sql`update resources set seed_key = 'menu:' || router_path where kind = 'menu' and router_path is not null`.execute(
    db,
  );
  await sql`update resources set seed_key = 'button:' || perm where kind = 'button' and perm is not null`.execute(db);
  await sql`insert into resource_seeds (seed_key) select distinct seed_key from resources where seed_key is not null`.execute(
    db,
  );
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('resource_seeds').execute();
  await db.schema.dropIndex('resources_parent').execute();
  await db.schema.dropIndex('resources_seed_key').execute();
  for (const c of ['seed_key', 'sensitive', 'data_perm', 'name_en'])
    await db.schema.alterTable('resources').dropColumn(c).execute();
}
