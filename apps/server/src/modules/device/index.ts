import { markOffline } from '../../ingest/index.js';
import { defineModule } from '../../lib/module.js';
import { expireCommands } from './command.service.js';
import { commandRoutes } from './command.routes.js';
import { dataRoutes } from './data.routes.js';
import { deviceRoutes } from './device.routes.js';

/** Devices, their commands and their data, with the jobs that keep device and command states true. */
export const deviceModule = defineModule({
  name: 'device',
  routes: async (app) => {
    await app.register(deviceRoutes);
    await app.register(commandRoutes);
    await app.register(dataRoutes);
  },
  jobs: [
    // devices silent past their window go offline; both jobs tell the live device pages which devices changed
    {
      name: 'offline-sweep',
      periodMs: 15_000,
      start:
        ({ db, config, deviceActivity }) =>
        async ({ now }) =>
          deviceActivity.add(await markOffline(db, now, config.deviceOfflineMs)),
    },
    // commands without an ack in time become unknown
    {
      name: 'command-timeouts',
      periodMs: 15_000,
      start:
        ({ db, config, deviceActivity }) =>
        async ({ now }) =>
          deviceActivity.add(await expireCommands(db, now, config.commandTimeoutMs)),
    },
  ],
});

/** The command push the firmware module's OTA reuses. */
export { expireCommands, pushCommand } from './command.service.js';

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './device.tables.js';

/** Which devices a user sees, and a device in scope: what other modules ask of devices. */
export {
  deviceInScope,
  deviceSecretHash,
  deviceVisible,
  deviceVisibleWhere,
  visibleDeviceIds,
} from './device.repository.js';
/** A device's stored data (rollups), which the fault page reads around a fault. */
export * as deviceData from './data.repository.js';
