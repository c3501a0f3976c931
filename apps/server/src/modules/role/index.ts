import { defineModule } from '../../lib/module.js';
import { roleRoutes } from './role.routes.js';

/** Roles and their grants. */
export const roleModule = defineModule({
  name: 'role',
  routes: async (app) => {
    await app.register(roleRoutes);
  },
});

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './role.tables.js';

/** The grant rules the user and resource modules apply (grants.ts). */
export { assertRootAdminRemains, assignableRoleIds, userWithinReach } from './grants.js';
