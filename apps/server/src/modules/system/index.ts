import { join } from 'node:path';
import { defineModule } from '../../lib/module.js';
import { ensureSamplePartitions, runArchive } from './archive.js';
import { systemRoutes } from './system.routes.js';

/** MQTT endpoints and the archive configuration, with the archive job. */
export const systemModule = defineModule({
  name: 'system',
  routes: async (app) => {
    await app.register(systemRoutes);
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
  },
  jobs: [
    // it asks every 10 minutes; raw samples past the retention are filed (medium 'file':
    // DATA_DIR/archive) and deleted when the filing rate says so; rollups stay
    {
      name: 'archive-prune',
      periodMs: 600_000,
      start: (app) => {
        const archiveDir = join(app.config.dataDir, 'archive');
        return async ({ now }) => void (await runArchive(app.db, now, { archiveDir }));
      },
    },
  ],
});

/** The archive job's run. */
export { runArchive } from './archive.js';

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './system.tables.js';
