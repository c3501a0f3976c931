import type { Db } from './support.js';

/**
 * Service providers (issue 19). A provider is an organisation of the service-provider (AGENT)
 * group; what the spec lists beyond an organisation's name, address, contact and phone lives in
 * provider_profiles, one row per organisation (deleted with it). The number of projects is never
 * stored: it is counted from the plants the provider serves.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('provider_profiles')
    .addColumn('org_id', 'integer', (c) => c.primaryKey().references('orgs.id').onDelete('cascade'))
    .addColumn('provider_type', 'varchar(32)')
    .addColumn('service_type', 'varchar(32)')
    .addColumn('service_area', 'varchar(255)')
    .addColumn('contract_no', 'varchar(64)')
    .addColumn('contract_status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('certification', 'varchar(255)')
    .addColumn('last_maintenance_at', 'varchar(10)')
    .addColumn('remarks', 'varchar(1000)')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // the list filters on the contract number too; plants are counted per serving organisation
  await db.schema.createIndex('provider_profiles_contract').on('provider_profiles').column('contract_no').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('provider_profiles').execute();
}
