import { defineModule } from '../../lib/module.js';
import { industryRoutes } from './industry.routes.js';
import { seedDemoIndustries } from './industry.seed.js';

/** Industries of the product catalogue (issue 36): the first domain added as docs/adding-a-domain.md says. */
export const industryModule = defineModule({
  name: 'industry',
  routes: async (app) => {
    await app.register(industryRoutes);
  },
  migrations: new URL('./migrations/', import.meta.url),
  seedDemo: (app) => seedDemoIndustries(app.db),
});

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './industry.tables.js';
