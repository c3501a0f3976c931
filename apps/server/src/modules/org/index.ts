import { defineModule } from '../../lib/module.js';
import { orgGroupRoutes } from './org-group.routes.js';
import { orgRoutes } from './org.routes.js';

/** Organisations and organisation groups. */
export const orgModule = defineModule({
  name: 'org',
  routes: async (app) => {
    await app.register(orgRoutes);
    await app.register(orgGroupRoutes);
  },
});

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './org.tables.js';

/** What other modules ask of organisations: scope checks, the options of a picker, a user's own. */
export { findOwnOrg, orgInScope, orgOptions, toOrgRow } from './org.repository.js';
