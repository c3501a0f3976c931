import type { ColumnType, Generated } from 'kysely';

// The tables the device module owns.

export interface DeviceCountersTable {
  device_id: number;
  last_ts: number;
  last_total: number;
}

export interface CommandsTable {
  id: Generated<number>;
  cmd_id: string;
  device_id: number;
  kind: string;
  /** JSON of the command's parameters. */
  params: string;
  status: 'processing' | 'success' | 'failed' | 'unknown';
  ack_content: string | null;
  source: string;
  sent_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface DevicesTable {
  id: Generated<number>;
  sn: string;
  name: string;
  type: 'inverter' | 'collector' | 'battery' | 'meter';
  product_id: number | null;
  org_id: number;
  plant_id: number | null;
  parent_id: number | null;
  /** sha256 of the device key; sub devices have none (they speak through their collector). */
  secret_hash: string | null;
  /** the key as a Mosquitto password-file hash (`$7$`), for an external broker */
  broker_hash: ColumnType<string | null, string | null | undefined, string | null>;
  mac: string | null;
  comm_mode: string;
  online_state: 'online' | 'offline' | 'inactive';
  run_state: 'run' | 'stop' | 'normal' | 'failure';
  hw_version: string | null;
  sw_version: string | null;
  protocol_version: string | null;
  last_online_at: number | null;
  /** JSON of the latest points. */
  last_points: string | null;
  created_at: number;
}

declare module '../../db/database.js' {
  interface Database {
    device_counters: DeviceCountersTable;
    commands: CommandsTable;
    devices: DevicesTable;
  }
}
