import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { join } from 'node:path';
import { runArchive } from './archive.js';
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
};

/** The archive job's run (app.ts schedules it). */
export { runArchive } from './archive.js';
