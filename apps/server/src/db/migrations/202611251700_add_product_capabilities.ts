import type { Db } from './support.js';

/**
 * products.capabilities: what a product's devices accept (control targets and modes, power and
 * setting ranges, reboot, OTA) as the contract's productCapabilities JSON. Null means the device
 * type's defaults, read at run time: products the demo seed or an older console creates declare
 * none, and a backfill here would miss those created after it runs.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('products').addColumn('capabilities', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('products').dropColumn('capabilities').execute();
}
