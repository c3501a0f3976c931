// The plant-stats thread (see PlantStatsThread): refreshPlantStats on a connection of its own to
// the SQLite file, run when the server's main thread asks.
import { parentPort, workerData } from 'node:worker_threads';
import { closeDb, createDb } from '../../db/dialect.js';
import { invalidatePlantStats, refreshPlantStats, stopPlantStats } from './plant-stats.js';
import type { StatsReply, StatsRequest } from './plant-stats-thread.js';

const port = parentPort!;
const { databaseUrl } = workerData as { databaseUrl: string };
// the main connection runs the file's checkpoint thread
const { db } = createDb(databaseUrl, { checkpoints: false });

port.on('message', (req: StatsRequest) => {
  if (req.type === 'refresh')
    refreshPlantStats(db, req.now).then(
      (r) => port.postMessage({ type: 'done', id: req.id, ...r } satisfies StatsReply),
      (err: Error) =>
        port.postMessage({ type: 'failed', id: req.id, message: err.message, stack: err.stack } satisfies StatsReply),
    );
  else if (req.type === 'invalidate') invalidatePlantStats(db);
  else
    void stopPlantStats(db)
      .then(() => closeDb(db))
      .finally(() => port.close());
});
