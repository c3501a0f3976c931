import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { closeWorker, startWorker } from '../../ingest/ts-worker.js';

export type StatsRequest = { type: 'refresh'; id: number; now: number } | { type: 'invalidate' } | { type: 'close' };
export type StatsReply =
  | { type: 'done'; id: number; plants: number; written: number }
  | { type: 'failed'; id: number; message: string; stack?: string };

export interface StatsRunner {
  refresh(now: number): Promise<{ plants: number; written: number }>;
  invalidate(): void;
  close(): Promise<void>;
}

/**
 * The plant-stats refresh on a thread of its own (SQLite files). better-sqlite3 answers in the
 * thread that asks: on the main thread the 10-second refresh of 10,000 plants held the event loop
 * ~5 ms per slice of 100 plants, some 650 ms per run, and the plant list's answers waited behind it
 * (its p99 is set by that window, docs/performance.md). Here it reads and writes through its own
 * connection to the file (WAL: readers never wait, the write of the changed rows takes its turn
 * with the ingest's). The past-days sums it keeps in memory live in the thread. The thread starts at
 * the first refresh; one that dies is started again at the next.
 */
export class PlantStatsThread implements StatsRunner {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: { plants: number; written: number }) => void; reject: (e: Error) => void }
  >();

  constructor(
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  refresh(now: number): Promise<{ plants: number; written: number }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.thread().postMessage({ type: 'refresh', id, now } satisfies StatsRequest);
    });
  }

  invalidate(): void {
    this.worker?.postMessage({ type: 'invalidate' } satisfies StatsRequest);
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    // the run under way ends after its current slice, then the connection closes
    await closeWorker(worker, { type: 'close' } satisfies StatsRequest);
    this.failAll(new Error('plant-stats thread closed'));
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(import.meta.url, 'plant-stats-worker', { databaseUrl: this.databaseUrl });
    worker.on('message', (m: StatsReply) => {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.type === 'done') p?.resolve({ plants: m.plants, written: m.written });
      else p?.reject(Object.assign(new Error(m.message), { stack: m.stack }));
    });
    worker.on('error', (err) => this.log.error({ err }, 'plant-stats thread failed'));
    // the server's sockets keep the process alive, not this thread
    worker.unref();
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(new Error(`plant-stats thread exited (${code})`));
    });
    this.worker = worker;
    return worker;
  }

  private failAll(err: Error) {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
