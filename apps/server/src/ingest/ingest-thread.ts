import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { IngestRejected, type CommittedBatch, type Ingest, type IngestStats, type UpKind } from './pipeline.js';
import { closeWorker, startWorker } from './ts-worker.js';

export type ThreadRequest =
  | {
      type: 'batch';
      id: number;
      sns: string[];
      kinds: UpKind[];
      /** the messages' bytes one after the other; message i ends at ends[i] */
      bytes: ArrayBuffer;
      ends: number[];
    }
  | { type: 'invalidate'; sn?: string }
  | { type: 'cached' }
  | { type: 'close' };

export interface LogEntry {
  level: 'warn' | 'error' | 'info';
  obj: object;
  msg?: string;
}

export type ThreadReply = BatchReply | { type: 'cached'; count: number };

interface BatchReply {
  type: 'done';
  id: number;
  /** per message: null when committed, else why not (`rejected`: malformed or unknown, as IngestRejected) */
  results: ({ rejected: boolean; message: string } | null)[];
  stats: IngestStats;
  logs: LogEntry[];
  touched: number[];
  commits: CommittedBatch[];
}

/** The stats the thread counts up (a new thread starts from zero). */
const COUNTED = ['accepted', 'rejected', 'batches', 'unknownSubs'] as const;

/** Batches handed to the thread before it answers: the one it writes and the next. */
const AHEAD = 2;

interface Pending {
  sn: string;
  kind: UpKind;
  bytes: Buffer;
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * The ingest pipeline on a thread of its own (SQLite files): the server's main thread keeps the
 * broker (sockets, MQTT packets, acknowledgements) and the console's API; the thread parses,
 * validates and writes the batches through its own connection to the file: with both halves on
 * one thread, that thread was the bottleneck under load. Same contract as IngestPipeline:
 * `submit` resolves once the message is committed (nothing is acknowledged before), rejects with
 * IngestRejected for a malformed message or an unknown device. The thread writes one batch at a
 * time; one more waits at the thread meanwhile (so it never waits for this thread between two
 * batches), and messages queue here for the next. The thread starts with the app (loading its
 * code takes a moment; not while the first devices wait).
 */
export class IngestThread implements Ingest {
  readonly stats: IngestStats = {
    accepted: 0,
    rejected: 0,
    batches: 0,
    lastBatchSize: 0,
    lastFlushMs: 0,
    unknownSubs: 0,
    refusedHttp: 0,
  };
  private worker: Worker | undefined;
  private queue: Pending[] = [];
  get queued() {
    return this.queue.length;
  }
  /** batches sent and not answered yet, by id (at most AHEAD) */
  private readonly inFlight = new Map<number, Pending[]>();
  private nextId = 1;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private idle: (() => void)[] = [];
  private countAnswers: ((count: number) => void)[] = [];
  private restartAt = 0;
  /** what the threads before this one counted */
  private readonly countedBefore: Record<(typeof COUNTED)[number], number> = {
    accepted: 0,
    rejected: 0,
    batches: 0,
    unknownSubs: 0,
  };

  constructor(
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
    private readonly options: {
      flushMs?: number;
      maxBatch?: number;
      onCommitted?: (deviceIds: number[]) => void;
      onCommit?: (batch: CommittedBatch) => void;
    } = {},
  ) {
    this.thread();
  }

  submit(sn: string, kind: UpKind, payload: Buffer | string | unknown): Promise<void> {
    if (this.closed) return Promise.reject(new Error('ingest is closed'));
    // the HTTP route hands the parsed body: sent as JSON text like the MQTT payloads
    const bytes = Buffer.isBuffer(payload)
      ? payload
      : Buffer.from(typeof payload === 'string' ? payload : (JSON.stringify(payload) ?? ''));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ sn, kind, bytes, resolve, reject });
      if (this.queue.length >= (this.options.maxBatch ?? 1000)) this.send();
      else this.timer ??= setTimeout(() => this.send(), this.options.flushMs ?? 20);
    });
  }

  invalidate(sn?: string) {
    this.worker?.postMessage({ type: 'invalidate', sn } satisfies ThreadRequest);
  }

  /** How many devices' facts the thread has cached (tests); in order after what was sent before. */
  cachedDevices(): Promise<number> {
    if (!this.worker) return Promise.resolve(0);
    this.worker.postMessage({ type: 'cached' } satisfies ThreadRequest);
    return new Promise((r) => this.countAnswers.push(r));
  }

  /** Resolves once what is queued now has been written (or refused). */
  async flush(): Promise<void> {
    this.send();
    while (this.inFlight.size || this.queue.length) await new Promise<void>((r) => this.idle.push(r));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    await closeWorker(worker, { type: 'close' } satisfies ThreadRequest);
  }

  /** Sends what is queued (up to a batch) unless the thread has enough to do. */
  private send() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.inFlight.size >= AHEAD || !this.queue.length) return;
    // a thread that died is started again a second later at the soonest (not once per batch)
    const wait = this.restartAt - Date.now();
    if (!this.worker && wait > 0) {
      this.timer = setTimeout(() => this.send(), wait);
      return;
    }
    const items = this.queue.splice(0, this.options.maxBatch ?? 1000);
    const id = this.nextId++;
    this.inFlight.set(id, items);
    const ends: number[] = [];
    let end = 0;
    for (const it of items) ends.push((end += it.bytes.length));
    const bytes = Buffer.concat(
      items.map((it) => it.bytes),
      end,
    );
    // the concatenation is this batch's own memory: handed over, not copied
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer;
    const req: ThreadRequest = {
      type: 'batch',
      id,
      sns: items.map((it) => it.sn),
      kinds: items.map((it) => it.kind),
      bytes: buffer,
      ends,
    };
    this.thread().postMessage(req, [buffer]);
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(import.meta.url, 'ingest-worker', { databaseUrl: this.databaseUrl });
    worker.on('message', (m: ThreadReply) =>
      m.type === 'done' ? this.settle(m) : this.countAnswers.shift()?.(m.count),
    );
    worker.on('error', (err) => this.log.error({ err }, 'ingest thread failed'));
    // the server's sockets keep the process alive, not this thread (a script that never closes the app still ends)
    worker.unref();
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      // a thread that died: what it held is not acknowledged (devices send it again); the next batch starts a new one
      this.worker = undefined;
      this.restartAt = Date.now() + 1000;
      for (const k of COUNTED) this.countedBefore[k] = this.stats[k];
      // a new thread starts with nothing cached
      for (const answer of this.countAnswers.splice(0)) answer(0);
      this.log.error({ code }, 'ingest thread stopped');
      const lost = [...this.inFlight.values()].flat();
      this.inFlight.clear();
      for (const it of lost) it.reject(new Error('the ingest thread stopped'));
      this.next();
    });
    this.worker = worker;
    return worker;
  }

  private settle(reply: BatchReply) {
    const items = this.inFlight.get(reply.id);
    if (!items) return;
    this.inFlight.delete(reply.id);
    // counters go on from what earlier threads counted; refusedHttp is this thread's (the HTTP route's)
    for (const k of COUNTED) this.stats[k] = this.countedBefore[k] + reply.stats[k];
    this.stats.lastBatchSize = reply.stats.lastBatchSize;
    this.stats.lastFlushMs = reply.stats.lastFlushMs;
    for (const entry of reply.logs) this.log[entry.level](entry.obj, entry.msg);
    for (const c of reply.commits) this.options.onCommit?.(c);
    reply.results.forEach((r, i) => {
      const it = items[i]!;
      if (!r) it.resolve();
      else it.reject(r.rejected ? new IngestRejected(r.message) : new Error(r.message));
    });
    if (reply.touched.length) this.options.onCommitted?.(reply.touched);
    this.next();
  }

  private next() {
    // what queued while the batch was written goes at once (under load, batches grow with it)
    if (this.queue.length) this.send();
    else if (!this.inFlight.size) for (const r of this.idle.splice(0)) r();
  }
}
