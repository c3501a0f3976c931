import type { Generated } from 'kysely';

/**
 * The database's tables, as Kysely types; times are epoch milliseconds everywhere (bigint in
 * PostgreSQL, integer in SQLite). This file holds the infrastructure's own tables (periodic jobs,
 * audit trail); every other table is declared by the module that owns it, in its
 * `<domain>.tables.ts` (`declare module '../../db/database.js' { interface Database { … } }`), and
 * the ingest's in `ingest/tables.ts`.
 */
export interface Database {
  audit_logs: AuditLogsTable;
  job_runs: JobRunsTable;
}

export interface AuditLogsTable {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  login_name: string | null;
  org_id: number | null;
  action: string;
  entity: string;
  record_id: string | null;
  summary: string;
  method: string;
  route: string;
  ip: string;
}

/** A periodic job's turn-taking between server processes (plugins/jobs.ts). */
export interface JobRunsTable {
  name: string;
  /** epoch ms of the latest claimed tick, 0 before the first */
  claimed_at: number;
  claimed_by: string | null;
  /** claimed_at of the latest run that ended (equal to claimed_at: no run under way) */
  done_at: number | null;
  /** JSON carried from one run to the next */
  state: string | null;
}
