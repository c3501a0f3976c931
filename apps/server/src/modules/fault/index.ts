import { defineModule } from '../../lib/module.js';
import { faultRoutes } from './fault.routes.js';

/** Faults: the list, the repair steps, the history and the device's data around a fault. */
export const faultModule = defineModule({
  name: 'fault',
  routes: async (app) => {
    await app.register(faultRoutes);
  },
});

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './fault.tables.js';

/** The fault list's query, which the plant detail reads for its plant. */
export { listFaults } from './fault.repository.js';
