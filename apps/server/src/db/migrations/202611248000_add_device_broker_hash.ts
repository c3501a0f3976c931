import type { Db } from './support.js';

/**
 * devices.broker_hash: the device key in Mosquitto's password-file form (PBKDF2-SHA512, `$7$`),
 * written with the key (creation, rotation), so `npm run mosquitto-acl -- --passwords FILE` can
 * hand an external broker every device's credentials. The key itself is never stored.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('devices').addColumn('broker_hash', 'varchar(160)').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('devices').dropColumn('broker_hash').execute();
}
