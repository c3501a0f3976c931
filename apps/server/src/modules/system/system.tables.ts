import type { Generated } from 'kysely';

// The tables the system module owns.

export interface MqttConfigsTable {
  id: Generated<number>;
  service_address: string;
  username: string;
  user_key: string;
  http_port: number;
  country: string;
  topic: string;
  created_at: number;
}

export interface ArchiveConfigTable {
  id: number;
  filing_rate: string;
  storage_medium: string;
  retention_days: number;
  last_filed_at: number | null;
  /** samples removed by the last run */
  last_pruned: number;
  /** the last run's cutoff: raw samples older than it may have been removed */
  pruned_before: number | null;
}

declare module '../../db/database.js' {
  interface Database {
    mqtt_configs: MqttConfigsTable;
    archive_config: ArchiveConfigTable;
  }
}
