import { defineModule } from '../../lib/module.js';
import { searchRoutes } from './search.routes.js';

/** The header search over plants and devices. */
export const searchModule = defineModule({
  name: 'search',
  routes: async (app) => {
    await app.register(searchRoutes);
  },
});
