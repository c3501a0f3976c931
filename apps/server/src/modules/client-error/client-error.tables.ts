import type { Generated } from 'kysely';

// The tables the client-error module owns.

/** Issue 21: what consoles reported (spec §3 error logs). */
export interface ClientErrorsTable {
  id: Generated<number>;
  user_id: number | null;
  login_name: string | null;
  kind: string;
  message: string;
  stack: string | null;
  route: string;
  url: string | null;
  status: number | null;
  user_agent: string;
  at: number;
  created_at: number;
}

declare module '../../db/database.js' {
  interface Database {
    client_errors: ClientErrorsTable;
  }
}
