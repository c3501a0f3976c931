import type { Generated } from 'kysely';

// The tables the fault module owns.

export interface FaultsTable {
  id: Generated<number>;
  device_id: number;
  code: string;
  message: string | null;
  state: 'unrepaired' | 'fixed';
  opened_at: number;
  fixed_at: number | null;
  severity: Generated<'critical' | 'major' | 'minor' | 'warning'>;
  /** open → acknowledged → inProgress → fixed; fixed exactly when state is */
  processing: Generated<'open' | 'acknowledged' | 'inProgress' | 'fixed'>;
  /** reports while open (1: the opening one) */
  occurrences: Generated<number>;
  last_seen_at: Generated<number>;
  /** the device reported it cleared */
  recovered_at: Generated<number | null>;
  /** the device's plant and organisation when it opened */
  plant_id: Generated<number | null>;
  org_id: Generated<number>;
  /** the last person who acted on it, and when */
  handled_by: Generated<number | null>;
  handled_at: Generated<number | null>;
}

/** A fault's history: by the device / system (user_id null) or a person. */
export interface FaultEventsTable {
  id: Generated<number>;
  fault_id: number;
  at: number;
  user_id: number | null;
  action: 'opened' | 'recurred' | 'recovered' | 'acknowledged' | 'started' | 'fixed' | 'note';
  note: string | null;
}

/** The fault catalogue: per product (null: any product) and code, severity and texts per language (JSON). */
export interface FaultCodesTable {
  id: Generated<number>;
  product_id: number | null;
  code: string;
  severity: 'critical' | 'major' | 'minor' | 'warning';
  /** JSON: { en: { title, action }, zh?: …, es?: …, ja?: … } */
  texts: string;
}

declare module '../../db/database.js' {
  interface Database {
    faults: FaultsTable;
    fault_events: FaultEventsTable;
    fault_codes: FaultCodesTable;
  }
}
