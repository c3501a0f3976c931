import type { Generated } from 'kysely';

// The tables the firmware module owns.

export interface FirmwareTable {
  id: Generated<number>;
  version: string;
  device_type: string;
  file_name: string;
  /** relative to DATA_DIR/files */
  file_path: string;
  size: number;
  sha256: string;
  description: string | null;
  /** The update content as normalised per-language JSON (parseUpdateContent), or null. */
  release_notes: string | null;
  created_by: number | null;
  created_at: number;
}

export interface OtaEventsTable {
  id: Generated<number>;
  cmd_id: string;
  device_id: number;
  progress: number;
  version: string | null;
  ts: number;
}

declare module '../../db/database.js' {
  interface Database {
    firmware: FirmwareTable;
    ota_events: OtaEventsTable;
  }
}
