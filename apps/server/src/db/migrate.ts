import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import * as createCore from './migrations/202611220000_create_core.js';
import * as createTelemetry from './migrations/202611230000_create_telemetry.js';
import * as createCommands from './migrations/202611230100_create_commands.js';
import * as createCounters from './migrations/202611230200_create_device_counters.js';
import * as createSystemConfig from './migrations/202611230300_create_system_config.js';
import * as addSessionRole from './migrations/202611230400_add_session_role.js';
import * as createFirmware from './migrations/202611230500_create_firmware.js';
import * as createRollups from './migrations/202611240000_create_rollups.js';
import * as addRollupPointCounts from './migrations/202611245000_add_rollup_point_counts.js';
import * as createAuditLogs from './migrations/202611246010_create_audit_logs.js';
import * as createJobRuns from './migrations/202611247000_create_job_runs.js';
import * as addDeviceBrokerHash from './migrations/202611248000_add_device_broker_hash.js';
import * as addArchivePrunedBefore from './migrations/202611249000_add_archive_pruned_before.js';
import * as addProductCapabilities from './migrations/202611251700_add_product_capabilities.js';
import * as createPlantRetiredEnergy from './migrations/202611251800_create_plant_retired_energy.js';
import * as addUserTimeZone from './migrations/202611252000_add_user_time_zone.js';
import * as addPlantListIndexes from './migrations/202611252130_add_plant_list_indexes.js';
import * as faultsLoop from './migrations/202611260000_faults_loop.js';
import * as notificationsMail from './migrations/202611260100_notifications_mail.js';
import * as providers from './migrations/202611260300_providers.js';
import * as createTariffs from './migrations/202611270200_create_tariffs.js';
import * as createDashboardRollups from './migrations/202611242000_create_dashboard_rollups.js';
import * as createPlantExtras from './migrations/202611241000_create_plant_extras.js';
import * as extendOrgs from './migrations/202611246000_extend_orgs.js';
import * as customersCancel from './migrations/202611260200_customers_cancel.js';
import * as extendResources from './migrations/202611244000_extend_resources.js';
import * as createHelpCenter from './migrations/202611270521_create_help_center.js';
import * as firmwareReleaseNotes from './migrations/202611270700_firmware_release_notes.js';
import * as createStreamTickets from './migrations/202611270800_create_stream_tickets.js';
import * as rolePerms from './migrations/202611270900_role_perms.js';
import * as revenueSortByCurrency from './migrations/202611271000_revenue_sort_by_currency.js';
import * as samplesPartitions from './migrations/202611271100_samples_partitions.js';
import * as addCustomerSearchName from './migrations/202612080010_add_customer_search_name.js';

/** Every migration, in order; listed in code so the bundle-free server needs no file scan. */
export const migrations: Record<string, Migration> = {
  '202611220000_create_core': createCore,
  '202611230000_create_telemetry': createTelemetry,
  '202611230100_create_commands': createCommands,
  '202611230200_create_device_counters': createCounters,
  '202611230300_create_system_config': createSystemConfig,
  '202611230400_add_session_role': addSessionRole,
  '202611230500_create_firmware': createFirmware,
  '202611240000_create_rollups': createRollups,
  '202611241000_create_plant_extras': createPlantExtras,
  '202611242000_create_dashboard_rollups': createDashboardRollups,
  '202611244000_extend_resources': extendResources,
  '202611245000_add_rollup_point_counts': addRollupPointCounts,
  '202611246000_extend_orgs': extendOrgs,
  '202611246010_create_audit_logs': createAuditLogs,
  '202611247000_create_job_runs': createJobRuns,
  '202611248000_add_device_broker_hash': addDeviceBrokerHash,
  '202611249000_add_archive_pruned_before': addArchivePrunedBefore,
  '202611251700_add_product_capabilities': addProductCapabilities,
  '202611251800_create_plant_retired_energy': createPlantRetiredEnergy,
  '202611252000_add_user_time_zone': addUserTimeZone,
  '202611252130_add_plant_list_indexes': addPlantListIndexes,
  '202611260000_faults_loop': faultsLoop,
  '202611260100_notifications_mail': notificationsMail,
  '202611260200_customers_cancel': customersCancel,
  '202611260300_providers': providers,
  '202611270200_create_tariffs': createTariffs,
  '202611270521_create_help_center': createHelpCenter,
  '202611270700_firmware_release_notes': firmwareReleaseNotes,
  '202611270800_create_stream_tickets': createStreamTickets,
  '202611270900_role_perms': rolePerms,
  '202611271000_revenue_sort_by_currency': revenueSortByCurrency,
  '202611271100_samples_partitions': samplesPartitions,
  '202612080010_add_customer_search_name': addCustomerSearchName,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
