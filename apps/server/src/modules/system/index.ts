import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemRoutes } from './system.routes.js';

/** MQTT endpoints and the archive configuration: the one plugin app.ts registers for this module. */
export const systemModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(systemRoutes);
};

/** The archive job's run (app.ts schedules it). */
export { runArchive } from './archive.js';
