import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { join } from 'node:path';
import { ensureSamplePartitions, runArchive } from './archive.js';
import { systemRoutes } from './system.routes.js';

/** The module's periodic job: it asks every 10 minutes, the archive runs when its filing rate says so. */
export const SYSTEM_JOB_PERIODS = { 'archive-prune': 600_000 } as const;

/** MQTT endpoints and the archive configuration, with the archive job. */
export const systemModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(systemRoutes);
  // raw samples past the retention are filed (medium 'file': DATA_DIR/archive) and deleted; rollups stay
  const archiveDir = join(app.config.dataDir, 'archive');
  app.jobs.add({
    name: 'archive-prune',
    periodMs: SYSTEM_JOB_PERIODS['archive-prune'],
    run: async ({ now }) => void (await runArchive(app.db, now, { archiveDir })),
  });
  // PostgreSQL: the days ahead exist from the start too (a server down for days would otherwise
  // spill its first samples into the default partition until the job's first tick)
  if (app.dialect === 'postgres')
    app.addHook('onReady', async () => {
      try {
        await ensureSamplePartitions(app.db, Date.now());
      } catch (err) {
        app.log.warn({ err }, 'sample partitions not made at start: the archive job makes them');
      }
    });
};

/** The archive job's run (app.ts schedules it). */
export { runArchive } from './archive.js';
