import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchRoutes } from './search.routes.js';

/** The header search over plants and devices: the one plugin app.ts registers for this module. */
export const searchModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(searchRoutes);
};
