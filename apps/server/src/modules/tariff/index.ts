import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onRevenueKick, refreshRevenue } from './revenue.refresh.js';
import { tariffRoutes } from './tariff.routes.js';

/** The module's periodic job and its default period (ms). */
export const TARIFF_JOB_PERIODS = { revenue: 30_000 } as const;

/**
 * Power companies, electricity prices and the revenue rollup (issue 20), with the `revenue` job:
 * recomputes a price change queued, yesterday and today of every plant with a tariff, the history
 * of plants given one, and the figures of plant_stats (see revenue.refresh.ts).
 */
export const tariffModule: FastifyPluginAsyncZod = async (app) => {
  // a price change is picked up at once by this process rather than at the next period
  const soon = () => setImmediate(() => void app.jobs.tick('revenue', Date.now() + TARIFF_JOB_PERIODS.revenue));
  await app.register(tariffRoutes, { onPriceChanged: soon });
  onRevenueKick(app.db, soon);
  app.jobs.add({
    name: 'revenue',
    periodMs: TARIFF_JOB_PERIODS.revenue,
    // its own clock: a tick brought forward by a price change carries a time ahead of it
    run: async () => void (await refreshRevenue(app.db, Date.now())),
  });
  // the first run once the server is ready (a fresh demo's plants get their history at once)
  app.addHook('onReady', async () => void app.jobs.tick('revenue'));
};

export { plantTariff, applyPlantTariff } from './tariff.service.js';
