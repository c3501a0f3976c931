import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's WAL checkpoints on a worker thread with its own connection (the embedded database).
 * Left to the writing connection, a checkpoint runs inside a commit once the WAL passes its
 * threshold: it copies the WAL's pages into the database file and syncs the file (fsync) on the
 * server's only thread, so the ingest batch and every API request wait behind the disk. Here a
 * passive checkpoint runs every `intervalMs` beside the writer (WAL lets it: it never blocks
 * readers or writers, and copies what no reader still needs); the writer then starts the WAL over
 * from its beginning. The writing connection keeps an automatic checkpoint at a much larger WAL
 * (see createDb) should this thread ever stop.
 */
export interface Checkpointer {
  /** Stops the thread after a last checkpoint (the database stays open on the main thread); once. */
  stop(): Promise<void>;
}

// CommonJS run by the worker (eval): no loader or TypeScript needed in that thread
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 5000');
const run = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { parentPort.postMessage({ error: String(err && err.message || err) }); } };
const timer = setInterval(run, workerData.intervalMs);
parentPort.on('message', () => { clearInterval(timer); run(); db.close(); parentPort.close(); });
`;

export function startCheckpointer(file: string, intervalMs = 1000, onError?: (message: string) => void): Checkpointer {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file, intervalMs, module: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  worker.on('message', (m: { error?: string }) => m.error && onError?.(m.error));
  worker.on('error', (err) => onError?.(err.message));
  // never what keeps the process alive while it runs (stop() references it for its last checkpoint)
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopped: Promise<void> | undefined;
  return {
    stop: () =>
      (stopped ??= (async () => {
        // referenced while closeDb waits: with nothing else left on the event loop (a script's
        // top-level await), an unreferenced worker and timer would let Node exit mid-wait
        worker.ref();
        worker.postMessage('stop');
        // its last checkpoint and close (which removes the WAL) take milliseconds, but a thread on a
        // busy machine (CI runs eight test files at once on two cores) was seen to need over 2 s
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
        clearTimeout(timer);
        await worker.terminate();
      })()),
  };
}
