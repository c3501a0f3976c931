import { defineModule } from '../../lib/module.js';
import { onRevenueKick, refreshRevenue } from './revenue.refresh.js';
import { tariffRoutes } from './tariff.routes.js';

const REVENUE_MS = 30_000;

/**
 * Power companies, electricity prices and the revenue rollup (issue 20), with the `revenue` job:
 * recomputes a price change queued, yesterday and today of every plant with a tariff, the history
 * of plants given one, and the figures of plant_stats (see revenue.refresh.ts).
 */
export const tariffModule = defineModule({
  name: 'tariff',
  routes: async (app) => {
    // a price change is picked up at once by this process rather than at the next period
    const soon = () => setImmediate(() => void app.jobs.tick('revenue', Date.now() + REVENUE_MS));
    await app.register(tariffRoutes, { onPriceChanged: soon });
    onRevenueKick(app.db, soon);
  },
  jobs: [
    {
      name: 'revenue',
      periodMs: REVENUE_MS,
      // the first run once the server is ready (a fresh demo's plants get their history at once)
      atReady: true,
      // its own clock: a tick brought forward by a price change carries a time ahead of it
      start: (app) => async () => void (await refreshRevenue(app.db, Date.now())),
    },
  ],
});

export { plantTariff, applyPlantTariff } from './tariff.service.js';

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './tariff.tables.js';
