import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { faultRoutes } from './fault.routes.js';

/** Faults: the one plugin app.ts registers for this module. */
export const faultModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(faultRoutes);
};
