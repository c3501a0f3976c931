// The jobs thread (see JobsThread): the plant-stats and dashboard refreshes on a connection of its
// own to the SQLite file, run when the server's main thread asks.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { closeDb, createDb } from '../db/dialect.js';
import { refreshDashboard } from '../modules/dashboard/dashboard.refresh.js';
import { invalidatePlantStats, refreshPlantStats, stopPlantStats } from '../modules/plant/plant-stats.js';
import type { JobsReply, JobsRequest } from './jobs-thread.js';

const port = parentPort!;

/**
 * The roll-ups are background work: on Linux, where a nice value is a thread's own (setpriority of
 * "this process" from a thread changes that thread only), this one runs at nice 10, so that when
 * the cores are busy the API's thread and the ingest's come first; when they are not it runs as
 * fast as before. On a 2-core host under load the refresh every 10 s otherwise took a share of
 * the API's core for about 0.7 s, and the answers of those moments made the list's p99
 * (docs/performance.md). Elsewhere (macOS) the call would lower the whole server: it is not made.
 */
const JOBS_THREAD_NICE = 10;
if (process.platform === 'linux') {
  try {
    setPriority(JOBS_THREAD_NICE);
  } catch {
    // not allowed here (a seccomp profile, say): the thread runs at the server's priority
  }
}
const { databaseUrl } = workerData as { databaseUrl: string };
// the main connection runs the file's checkpoint thread
const { db } = createDb(databaseUrl, { checkpoints: false });
const runs = new Set<Promise<unknown>>();

function answer(id: number, run: Promise<unknown>) {
  const tracked = run.then(
    (result) => port.postMessage({ type: 'done', id, result } as JobsReply),
    (err: Error) =>
      port.postMessage({ type: 'failed', id, message: err.message, stack: err.stack } satisfies JobsReply),
  );
  runs.add(tracked);
  void tracked.finally(() => runs.delete(tracked));
}

port.on('message', (req: JobsRequest) => {
  if (req.type === 'plant-stats') answer(req.id, refreshPlantStats(db, req.now));
  else if (req.type === 'dashboard')
    answer(
      req.id,
      refreshDashboard(db, 'sqlite', req.state, req.now).then((event) => ({ event, state: req.state })),
    );
  else if (req.type === 'invalidate') invalidatePlantStats(db);
  else
    void stopPlantStats(db)
      .then(() => Promise.allSettled([...runs]))
      .then(() => closeDb(db))
      .finally(() => port.close());
});
