import { defineModule } from '../../lib/module.js';
import { customerRoutes } from './customer.routes.js';

/** Customers (plant owners), their login accounts, and the public account cancellation. */
export const customerModule = defineModule({
  name: 'customer',
  migrations: new URL('./migrations/', import.meta.url),
  routes: async (app) => {
    await app.register(customerRoutes);
  },
});

export { followPlantOwner, seedDemoLogin } from './customer.service.js';

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './customer.tables.js';
