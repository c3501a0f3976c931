import { defineModule } from '../../lib/module.js';
import { clientErrorRoutes } from './client-error.routes.js';
import { pruneClientErrors } from './client-error.service.js';

/** The interface error log: consoles report, administrators read; kept CLIENT_ERROR_RETENTION_MS. */
export const clientErrorModule = defineModule({
  name: 'client-error',
  routes: async (app) => {
    await app.register(clientErrorRoutes);
  },
  jobs: [
    {
      name: 'client-errors-prune',
      periodMs: 3_600_000,
      start:
        (app) =>
        async ({ now }) =>
          void (await pruneClientErrors(app.db, now)),
    },
  ],
});

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './client-error.tables.js';
