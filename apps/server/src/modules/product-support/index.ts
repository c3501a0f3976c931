import { defineModule } from '../../lib/module.js';
import { productSupportRoutes } from './product-support.routes.js';

/** Product documents, release notes and product problems (Systems > Products), and the public product list. */
export const productSupportModule = defineModule({
  name: 'product-support',
  routes: async (app) => {
    await app.register(productSupportRoutes);
  },
});

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './product-support.tables.js';
