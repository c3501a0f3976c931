import type { Db } from './support.js';

/** A session may act as one of the user's roles only (spec §4 role change). */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('role_id', 'integer', (c) => c.references('roles.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('role_id').execute();
}
