import { defineModule } from '../../lib/module.js';
import { firmwareRoutes } from './firmware.routes.js';

/** Firmware versions and OTA. */
export const firmwareModule = defineModule({
  name: 'firmware',
  routes: async (app) => {
    await app.register(firmwareRoutes);
  },
});

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './firmware.tables.js';
