import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandRoutes } from './command.routes.js';
import { dataRoutes } from './data.routes.js';
import { deviceRoutes } from './device.routes.js';

/** Devices, their commands and their data: the one plugin app.ts registers for this module. */
export const deviceModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(deviceRoutes);
  await app.register(commandRoutes);
  await app.register(dataRoutes);
};

/** The command-timeout job's work (app.ts) and the command push the firmware module's OTA reuses. */
export { expireCommands, pushCommand } from './command.service.js';
