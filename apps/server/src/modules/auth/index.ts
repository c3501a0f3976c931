import { defineModule } from '../../lib/module.js';
import { authRoutes } from './auth.routes.js';

/** Sign-in, sign-out, the signed-in user and role switching. */
export const authModule = defineModule({
  name: 'auth',
  routes: async (app) => {
    await app.register(authRoutes);
  },
});

/** The sessions the access plugin checks tokens with (app.ts), and what other modules ask of sessions. */
export { authSessions, issueStreamTicket } from './session.service.js';
export { revokeAllSessions, usable } from './session.repository.js';

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './auth.tables.js';
