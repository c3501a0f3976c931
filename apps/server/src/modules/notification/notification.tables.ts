import type { Generated } from 'kysely';

// The tables the notification module owns.

/** What a user is told in the console (modules/notification): a line rendered in the reader's language. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'fault';
  /** null once the fault is gone */
  fault_id: number | null;
  severity: 'critical' | 'major' | 'minor' | 'warning';
  /** message key of the line, and its values (JSON) */
  title_key: string;
  title_values: string;
  text: string | null;
  created_at: number;
  read_at: number | null;
}

/** How a user wants to be told; no row: the defaults (DEFAULT_NOTIFICATION_PREFS). */
export interface NotificationPrefsTable {
  user_id: number;
  /** 1 / 0 */
  console: number;
  mail: number;
  min_severity: 'critical' | 'major' | 'minor' | 'warning';
  mail_min_severity: 'critical' | 'major' | 'minor' | 'warning';
  lang: string;
  updated_at: number;
}

declare module '../../db/database.js' {
  interface Database {
    notifications: NotificationsTable;
    notification_prefs: NotificationPrefsTable;
  }
}
