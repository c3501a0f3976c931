import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markOffline } from '../../ingest/index.js';
import { expireCommands } from './command.service.js';
import { commandRoutes } from './command.routes.js';
import { dataRoutes } from './data.routes.js';
import { deviceRoutes } from './device.routes.js';

/** The module's periodic jobs and their default periods (ms). */
export const DEVICE_JOB_PERIODS = { 'offline-sweep': 15_000, 'command-timeouts': 15_000 } as const;

/** Devices, their commands and their data, with the jobs that keep device and command states true. */
export const deviceModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(deviceRoutes);
  await app.register(commandRoutes);
  await app.register(dataRoutes);
  const { db, config, deviceActivity } = app;
  // devices silent past their window go offline; both jobs tell the live device pages which devices changed
  app.jobs.add({
    name: 'offline-sweep',
    periodMs: DEVICE_JOB_PERIODS['offline-sweep'],
    run: async ({ now }) => deviceActivity.add(await markOffline(db, now, config.deviceOfflineMs)),
  });
  // commands without an ack in time become unknown
  app.jobs.add({
    name: 'command-timeouts',
    periodMs: DEVICE_JOB_PERIODS['command-timeouts'],
    run: async ({ now }) => deviceActivity.add(await expireCommands(db, now, config.commandTimeoutMs)),
  });
};

/** The command push the firmware module's OTA reuses. */
export { expireCommands, pushCommand } from './command.service.js';
