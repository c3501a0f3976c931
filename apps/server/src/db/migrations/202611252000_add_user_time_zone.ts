import type { Db } from './support.js';

/**
 * users.time_zone: the IANA zone a user reads audit and system times in (the user center's
 * setting). Null means the browser's zone, which is what every existing user keeps.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('time_zone', 'varchar(64)').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}
