import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientErrorRoutes } from './client-error.routes.js';
import { pruneClientErrors } from './client-error.service.js';

/** The module's periodic job and its default period (ms). */
export const CLIENT_ERROR_JOB_PERIODS = { 'client-errors-prune': 3_600_000 } as const;

/** The interface error log: consoles report, administrators read; kept CLIENT_ERROR_RETENTION_MS. */
export const clientErrorModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(clientErrorRoutes);
  app.jobs.add({
    name: 'client-errors-prune',
    periodMs: CLIENT_ERROR_JOB_PERIODS['client-errors-prune'],
    run: async ({ now }) => void (await pruneClientErrors(app.db, now)),
  });
};
