import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit.routes.js';

/** The audit trail: the one plugin app.ts registers for this module. */
export const auditModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(auditRoutes);
};
