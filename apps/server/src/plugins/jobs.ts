import type { JobsThread } from './jobs-thread.js';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * Periodic jobs that write shared rows run once per period across every server process on the
 * database (ARCHITECTURE §1: several processes side by side, no clustering). Each process keeps
 * its own timer; at each tick it reads the job's row of job_runs and, when the period has passed
 * and no run is under way, claims the tick with one conditional UPDATE (compare-and-set on
 * `claimed_at`). Only the process whose UPDATE changed the row runs the job; the others skip the
 * tick. Nothing else is needed: no leader, no lock held, the same SQL on SQLite and PostgreSQL.
 *
 * Times are each process's clock. Hosts are expected to keep theirs in step (NTP); a skew shifts
 * when a tick is taken, it never lets two processes take the same one.
 */

export interface JobTick {
  /** the tick's time (epoch ms) */
  now: number;
  /** what the job's previous successful run (in any process) returned, parsed; undefined before the first */
  state: unknown;
}

export interface PeriodicJob {
  name: string;
  periodMs: number;
  /** Answers the state to hand to the next run (undefined keeps the previous one). */
  run(tick: JobTick): Promise<unknown>;
  /** Ends a run under way early (server shutdown). */
  stop?(): Promise<void>;
}

export interface TickResult {
  /** this process claimed the tick and ran the job */
  ran: boolean;
  error?: unknown;
}

/** A tick is due this much before a full period has passed, so a timer firing a little early or late does not lose its turn. */
export const slackOf = (periodMs: number) => Math.floor(periodMs / 10);
/** A claimed run that never ended (its process died) no longer blocks the job after this long. */
export const staleAfter = (periodMs: number) => Math.max(5 * periodMs, 60_000);

/**
 * Claims the tick `now` of `job` for `owner`: answers the job's row as it was before the claim
 * (with the state its previous run left), or undefined when the tick is not this process's —
 * not due yet, a run under way, or another process got there first.
 */
export async function claimTick(db: Kysely<Database>, job: string, periodMs: number, owner: string, now: number) {
  let row = await db.selectFrom('job_runs').selectAll().where('name', '=', job).executeTakeFirst();
  if (!row) {
    await db
      .insertInto('job_runs')
      .values({ name: job, claimed_at: 0, claimed_by: null, done_at: 0, state: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await db.selectFrom('job_runs').selectAll().where('name', '=', job).executeTakeFirstOrThrow();
  }
  const seen = Number(row.claimed_at);
  if (seen > now - periodMs + slackOf(periodMs)) return undefined;
  const running = row.done_at === null || Number(row.done_at) !== seen;
  if (running && now - seen < staleAfter(periodMs)) return undefined;
  // the one conditional UPDATE: of processes that read the same row, only one moves claimed_at on
  const res = await db
    .updateTable('job_runs')
    .set({ claimed_at: now, claimed_by: owner })
    .where('name', '=', job)
    .where('claimed_at', '=', seen)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? row : undefined;
}

/** Marks the run of tick `claimedAt` ended (and keeps `state` for the next, when given); ignored when the claim was taken over meanwhile. */
export async function finishTick(db: Kysely<Database>, job: string, owner: string, claimedAt: number, state?: string) {
  await db
    .updateTable('job_runs')
    .set({ done_at: claimedAt, ...(state !== undefined && { state }) })
    .where('name', '=', job)
    .where('claimed_at', '=', claimedAt)
    .where('claimed_by', '=', owner)
    .execute();
}

/** The periodic jobs of one server process (the app's `jobs` decoration). */
export class JobRunner {
  /** who claims ticks: host, process and this app instance (tests build several in one process) */
  readonly owner = `${hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`;
  private readonly jobs = new Map<string, PeriodicJob>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<TickResult>>();
  private readonly ran = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    /** Periods by job name that replace the ones the jobs declare (tests shorten them). */
    private readonly periods: Partial<Record<string, number>> = {},
  ) {}

  /** Adds a job; its period is the one given to the runner for its name, if any. */
  add(job: PeriodicJob) {
    this.jobs.set(job.name, { ...job, periodMs: this.periods[job.name] ?? job.periodMs });
  }

  /** Starts every job's timer (its first tick comes one period after). */
  start() {
    for (const job of this.jobs.values()) {
      const timer = setInterval(() => void this.tick(job.name), job.periodMs);
      timer.unref();
      this.timers.set(job.name, timer);
    }
  }

  /** One tick of `name`: claims it and runs the job when it is this process's turn. Errors are logged, never thrown. */
  tick(name: string, now = Date.now()): Promise<TickResult> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no periodic job ${name}`);
    // a run of this process still under way: this tick is skipped (and not claimed)
    if (this.stopped || this.running.has(name)) return Promise.resolve({ ran: false });
    const run = this.claimAndRun(job, now).finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  /** The jobs this process runs, by name. */
  names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Runs of each job by this process (tests, diagnostics). */
  runs(name: string): number {
    return this.ran.get(name) ?? 0;
  }

  /** No new tick from now on. */
  stop() {
    this.stopped = true;
    for (const timer of this.timers.values()) clearInterval(timer);
    this.timers.clear();
  }

  /** No new tick, the runs under way asked to end early, and waited for (shutdown: before the database closes). */
  async close() {
    this.stop();
    await Promise.allSettled([...this.jobs.values()].map((job) => job.stop?.()));
    await this.idle();
  }

  /** Waits for the runs under way (shutdown: before the database closes). */
  async idle() {
    await Promise.allSettled([...this.running.values()]);
  }

  private async claimAndRun(job: PeriodicJob, now: number): Promise<TickResult> {
    let claimed;
    try {
      claimed = await claimTick(this.db, job.name, job.periodMs, this.owner, now);
    } catch (err) {
      this.log.error({ err, job: job.name }, 'periodic job: claim failed');
      return { ran: false, error: err };
    }
    if (!claimed) return { ran: false };
    this.ran.set(job.name, this.runs(job.name) + 1);
    let state: string | undefined;
    let error: unknown;
    try {
      const next = await job.run({ now, state: claimed.state === null ? undefined : JSON.parse(claimed.state) });
      if (next !== undefined) state = JSON.stringify(next);
    } catch (err) {
      error = err;
      this.log.error({ err, job: job.name }, 'periodic job failed');
    }
    // ended (even after an error: the next tick must not wait for a run that will never end)
    await finishTick(this.db, job.name, this.owner, now, state).catch((err: unknown) =>
      this.log.error({ err, job: job.name }, 'periodic job: finish not recorded'),
    );
    return { ran: true, ...(error !== undefined && { error }) };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
    /** the thread the fleet-wide roll-ups run on (a SQLite file, JOBS_THREAD), else undefined: they run here */
    jobsThread: JobsThread | undefined;
  }
}
