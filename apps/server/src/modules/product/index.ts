import { defineModule } from '../../lib/module.js';
import { productRoutes } from './product.routes.js';

/** Products: the models devices are registered against. */
export const productModule = defineModule({
  name: 'product',
  routes: async (app) => {
    await app.register(productRoutes);
  },
});

/** What a device accepts, for the command and OTA checks. */
export { capabilitiesOfDevice } from './product.service.js';

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './product.tables.js';
