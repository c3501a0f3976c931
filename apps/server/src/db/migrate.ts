import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import * as createCore from './migrations/202611220000_create_core.js';
import * as createTelemetry from './migrations/202611230000_create_telemetry.js';
import * as createCommands from './migrations/202611230100_create_commands.js';
import * as createCounters from './migrations/202611230200_create_device_counters.js';
import * as createSystemConfig from './migrations/202611230300_create_system_config.js';
import * as addSessionRole from './migrations/202611230400_add_session_role.js';
import * as createFirmware from './migrations/202611230500_create_firmware.js';

/** Every migration, in order; listed in code so the bundle-free server needs no file scan. */
const migrations: Record<string, Migration> = {
  '202611220000_create_core': createCore,
  '202611230000_create_telemetry': createTelemetry,
  '202611230100_create_commands': createCommands,
  '202611230200_create_device_counters': createCounters,
  '202611230300_create_system_config': createSystemConfig,
  '202611230400_add_session_role': addSessionRole,
  '202611230500_create_firmware': createFirmware,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
