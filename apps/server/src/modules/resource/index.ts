import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceRoutes } from './resource.routes.js';

/** The resource tree (menus and buttons): the one plugin app.ts registers for this module. */
export const resourceModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(resourceRoutes);
};
