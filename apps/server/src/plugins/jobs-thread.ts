import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { closeWorker, siblingUrl, startWorker } from '../ingest/ts-worker.js';

/**
 * A function the jobs thread runs: the export `name` of a module's file (its URL), called as
 * `(db, input)` with the thread's own connection. The thread imports the file when first asked, so
 * it knows no domain: the module that owns the work names it (`threadTask`).
 */
export interface ThreadTask<I, O> {
  url: string;
  name: string;
  /** types only: what the task takes and answers */
  readonly _io?: (input: I) => O;
}

/** The task `name` of the file `file` (without extension) beside `base` (an `import.meta.url`). */
export const threadTask = <I, O>(base: string, file: string, name: string): ThreadTask<I, O> => ({
  url: siblingUrl(base, file),
  name,
});

export type JobsRequest =
  | { type: 'run'; id: number; url: string; name: string; input: unknown }
  | { type: 'send'; url: string; name: string; input: unknown }
  | { type: 'close' };

export type JobsReply =
  { type: 'done'; id: number; result: unknown } | { type: 'failed'; id: number; message: string; stack?: string };

/**
 * The periodic roll-ups that read the whole fleet, on a thread of their own (SQLite files, the
 * modules name them: the plant-stats and dashboard refreshes). better-sqlite3 answers in the thread
 * that asks, so on the API's thread a fleet-wide run holds the API's answers between its slices
 * (docs/performance.md). Here they read and write through their own connection to the file (WAL:
 * readers never wait; writes take their turn with the ingest's). What a task keeps in memory
 * between runs lives in the thread. It starts at the first run; one that dies is started again at
 * the next. A module file the thread loaded may export `onThreadClose(db)`: it is awaited before
 * the connection closes.
 */
export class JobsThread {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: never) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs `task` with `input` on the thread and answers what it answers. */
  run<I, O>(task: ThreadTask<I, O>, input: I): Promise<O> {
    const id = this.nextId++;
    return new Promise<O>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (r: never) => void, reject });
      this.thread().postMessage({ type: 'run', id, url: task.url, name: task.name, input } satisfies JobsRequest);
    });
  }

  /** Runs `task` on the thread if it is running, without waiting for an answer (an invalidation). */
  send<I>(task: ThreadTask<I, unknown>, input: I): void {
    this.worker?.postMessage({ type: 'send', url: task.url, name: task.name, input } satisfies JobsRequest);
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    // the runs under way end after their current slice, then the connection closes
    await closeWorker(worker, { type: 'close' } satisfies JobsRequest);
    this.failAll(new Error('jobs thread closed'));
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
