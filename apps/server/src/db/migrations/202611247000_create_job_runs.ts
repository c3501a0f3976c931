import type { Db } from './support.js';

/**
 * job_runs: one row per periodic job (plugins/jobs.ts). Several server processes on one database
 * take turns through it: a process runs a job's tick only after moving `claimed_at` forward with
 * one conditional UPDATE, so each tick runs once across them all.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    /** epoch ms of the latest claimed tick (0: never) */
    .addColumn('claimed_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'varchar(128)')
    /** the claimed_at of the latest run that ended: equal to claimed_at when no run is under way */
    .addColumn('done_at', 'bigint')
    /** JSON the job hands from one run to the next, whichever process runs it */
    .addColumn('state', 'text')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('job_runs').ifExists().execute();
}
