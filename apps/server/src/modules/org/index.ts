import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orgGroupRoutes } from './org-group.routes.js';
import { orgRoutes } from './org.routes.js';

/** Organisations and organisation groups: the one plugin app.ts registers for this module. */
export const orgModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(orgRoutes);
  await app.register(orgGroupRoutes);
};
