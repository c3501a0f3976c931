import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { closeWorker, startWorker } from '../ingest/ts-worker.js';
import type { RefreshState } from '../modules/dashboard/dashboard.refresh.js';
import type { StatsBusEvent } from './bus.js';

export type JobsRequest =
  | { type: 'plant-stats'; id: number; now: number }
  | { type: 'dashboard'; id: number; now: number; state: RefreshState }
  | { type: 'invalidate' }
  | { type: 'close' };

export interface PlantStatsResult {
  plants: number;
  written: number;
}
export interface DashboardResult {
  event: StatsBusEvent | null;
  state: RefreshState;
}
export type JobsReply =
  | { type: 'done'; id: number; result: PlantStatsResult | DashboardResult }
  | { type: 'failed'; id: number; message: string; stack?: string };

/** What the plant-stats refresh needs of a thread (plant-stats.ts). */
export interface StatsRunner {
  refresh(now: number): Promise<PlantStatsResult>;
  invalidate(): void;
  close(): Promise<void>;
}

/**
 * The periodic roll-ups that read the whole fleet, on a thread of their own (SQLite files): the
 * plant-stats refresh (every 10 s) and the dashboard's (every 15 s, production every minute).
 * better-sqlite3 answers in the thread that asks: on the API's thread, with 10,000 plants and
 * 100,000 devices, the plant-stats run held it ~5 ms per slice of 100 plants (some 650 ms a run)
 * and the dashboard's 0.6-5 s a run, and the API's answers waited between the slices (their p99
 * was set by those windows, docs/performance.md). Here they read and write through their own
 * connection to the file (WAL: readers never wait; writes take their turn with the ingest's). The
 * plant-stats past-days sums it keeps in memory live in the thread. It starts at the first run; one
 * that dies is started again at the next.
 */
export class JobsThread implements StatsRunner {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: never) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The plant-stats refresh (refreshPlantStats of the thread's connection). */
  refresh(now: number): Promise<PlantStatsResult> {
    return this.ask<PlantStatsResult>({ type: 'plant-stats', id: this.nextId++, now });
  }

  /** The dashboard's refresh from `state`: the event to publish and the state to keep. */
  dashboard(state: RefreshState, now: number): Promise<DashboardResult> {
    return this.ask<DashboardResult>({ type: 'dashboard', id: this.nextId++, now, state });
  }

  /** The plant-stats past-days sums are read again at the next refresh. */
  invalidate(): void {
    this.worker?.postMessage({ type: 'invalidate' } satisfies JobsRequest);
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    // the runs under way end after their current slice, then the connection closes
    await closeWorker(worker, { type: 'close' } satisfies JobsRequest);
    this.failAll(new Error('jobs thread closed'));
  }

  private ask<R>(req: Extract<JobsRequest, { id: number }>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.set(req.id, { resolve: resolve as (r: never) => void, reject });
      this.thread().postMessage(req);
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(import.meta.url, 'jobs-worker', { databaseUrl: this.databaseUrl });
    worker.on('message', (m: JobsReply) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.type === 'done') p?.resolve(m.result as never);
      else p?.reject(Object.assign(new Error(m.message), { stack: m.stack }));
    });
    worker.on('error', (err) => this.log.error({ err }, 'jobs thread failed'));
    // the server's sockets keep the process alive, not this thread
    worker.unref();
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(new Error(`jobs thread exited (${code})`));
    });
    this.worker = worker;
    return worker;
  }

  private failAll(err: Error) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
