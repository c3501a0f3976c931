import { isPostgres, tableWithId, type Db } from './support.js';

// Migrations never import app code. `id` columns: INTEGER PRIMARY KEY in SQLite (an alias of
// rowid), identity in PostgreSQL; times are epoch ms in bigint.

export async function up(db: Db): Promise<void> {
  const pg = await isPostgres(db);
  const table = (name: string) => tableWithId(db, pg, name);

  await table('org_groups')
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .execute();
  await table('orgs')
    .addColumn('parent_id', 'integer', (c) => c.references('orgs.id'))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('org_groups.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('path', 'varchar(255)', (c) => c.notNull())
    .addColumn('address', 'varchar(255)')
    .addColumn('contact', 'varchar(64)')
    .addColumn('phone', 'varchar(32)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orgs_path').on('orgs').column('path').execute();
  await table('users')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id'))
    .addColumn('login_name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('mobile', 'varchar(32)')
    .addColumn('email', 'varchar(128)')
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('enabled'))
    .addColumn('avatar', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('introduction', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_org').on('users').column('org_id').execute();
  await table('roles')
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id'))
    .addColumn('data_scope', 'varchar(16)', (c) => c.notNull().defaultTo('orgAndChildren'))
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await table('resources')
    .addColumn('parent_id', 'integer', (c) => c.references('resources.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('title_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('router_path', 'varchar(255)')
    .addColumn('perm', 'varchar(64)')
    .addColumn('icon', 'varchar(64)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('resources_router_path').on('resources').column('router_path').execute();
  await db.schema
    .createTable('role_resources')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_resources_pk', ['role_id', 'resource_id'])
    .execute();
  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await table('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await table('login_failures')
    .addColumn('login_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_name_at').on('login_failures').columns(['login_name', 'at']).execute();
  await db.schema.createIndex('login_failures_ip_at').on('login_failures').columns(['ip', 'at']).execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of [
    'login_failures',
    'sessions',
    'user_roles',
    'role_resources',
    'resources',
    'roles',
    'users',
    'orgs',
    'org_groups',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
