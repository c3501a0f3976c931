import type { Generated } from 'kysely';

// The tables the auth module owns.

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** When set, the session acts as this one of the user's roles. */
  role_id: number | null;
}

/** A single-use ticket of the event stream (its hash), standing for a session until it expires. */
export interface StreamTicketsTable {
  ticket_hash: string;
  session_id: number;
  expires_at: number;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  login_name: string;
  ip: string;
  at: number;
}

declare module '../../db/database.js' {
  interface Database {
    sessions: SessionsTable;
    stream_tickets: StreamTicketsTable;
    login_failures: LoginFailuresTable;
  }
}
