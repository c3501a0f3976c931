import { defineModule } from '../../lib/module.js';
import { userRoutes } from './user.routes.js';

/** Users. */
export const userModule = defineModule({
  name: 'user',
  routes: async (app) => {
    await app.register(userRoutes);
  },
});

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './user.tables.js';
