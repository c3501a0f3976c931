import { defineModule } from '../../lib/module.js';
import { resourceRoutes } from './resource.routes.js';

/** The resource tree (menus and buttons). */
export const resourceModule = defineModule({
  name: 'resource',
  routes: async (app) => {
    await app.register(resourceRoutes);
  },
});

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './resource.tables.js';

/** The resource tree, which the role grants read. */
export { listResources } from './resource.repository.js';
