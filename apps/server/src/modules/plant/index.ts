import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refreshPlantStats } from './plant-stats.js';
import { plantRoutes } from './plant.routes.js';

/** The module's periodic job and its default period (ms). */
export const PLANT_JOB_PERIODS = { 'plant-stats': 10_000 } as const;

/** Plants, their details, grants and favourites, with the job that keeps what the list sorts on. */
export const plantModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(plantRoutes);
  // plant_stats from device state, device_daily and faults; a run that writes new figures tells
  // every process's plant list through the bus
  app.jobs.add({
    name: 'plant-stats',
    periodMs: PLANT_JOB_PERIODS['plant-stats'],
    run: async ({ now }) => void (await refreshPlantStats(app.db, now, { ifIdle: true })),
  });
};

export { refreshPlantStatsOn, stopPlantStats } from './plant-stats.js';
