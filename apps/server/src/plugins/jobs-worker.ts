// The jobs thread (see JobsThread): the plant-stats and dashboard refreshes on a connection of its
// own to the SQLite file, run when the server's main thread asks.
import { parentPort, workerData } from 'node:worker_threads';
import { closeDb, createDb } from '../db/dialect.js';
import { refreshDashboard } from '../modules/dashboard/dashboard.refresh.js';
import { invalidatePlantStats, refreshPlantStats, stopPlantStats } from '../modules/plant/plant-stats.js';
import type { JobsReply, JobsRequest } from './jobs-thread.js';

const port = parentPort!;
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
