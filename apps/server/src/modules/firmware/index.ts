import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { firmwareRoutes } from './firmware.routes.js';

/** Firmware versions and OTA: the one plugin app.ts registers for this module. */
export const firmwareModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(firmwareRoutes);
};
