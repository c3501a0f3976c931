import { defineModule } from '../../lib/module.js';
import {
  PLANT_STATS_INVALIDATE_TASK,
  PLANT_STATS_TASK,
  refreshPlantStats,
  refreshPlantStatsOn,
  stopPlantStats,
} from './plant-stats.js';
import { plantRoutes } from './plant.routes.js';

/** Plants, their details, grants and favourites, with the job that keeps what the list sorts on. */
export const plantModule = defineModule({
  name: 'plant',
  routes: async (app) => {
    await app.register(plantRoutes);
  },
  jobs: [
    // plant_stats from device state, device_daily and faults; a run that writes new figures tells
    // every process's plant list through the bus
    {
      name: 'plant-stats',
      periodMs: 10_000,
      // the plant list's first figures come before the server listens (unless another process
      // made them within the period)
      atStart: true,
      start: ({ db, jobsThread }) => {
        // a SQLite file: the fleet-wide refresh on the jobs thread, not the API's
        if (jobsThread)
          refreshPlantStatsOn(db, {
            refresh: (now) => jobsThread.run(PLANT_STATS_TASK, now),
            invalidate: () => jobsThread.send(PLANT_STATS_INVALIDATE_TASK, undefined),
          });
        return async ({ now }) => void (await refreshPlantStats(db, now, { ifIdle: true }));
      },
      // a run under way ends after its current slice
      stop: ({ db }) => stopPlantStats(db),
    },
  ],
});

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './plant.tables.js';

/** What other modules ask of plants: the scope condition, grants, the list's counts. */
export { clearPlantCounts, grantedPlantIds, plantInScope, plantScope } from './plant.repository.js';

/** What a change elsewhere (a device moved, a plant assigned) asks of the plant figures. */
export { deletePlantRows, refreshPlantsSoon } from './plant-changes.js';
