import type { ServerResponse } from 'node:http';
import { API_BASE, DASHBOARD_TICK_MS } from '@pv/contract';
import { ApiError } from '../../lib/errors.js';
import { defineModule } from '../../lib/module.js';
import { DASHBOARD_TASK, newRefreshState, refreshDashboard } from './dashboard.refresh.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { eventsRoutes } from './events.routes.js';

/** The dashboard, the live event stream, and the job that rolls up what both show. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  migrations: new URL('./migrations/', import.meta.url),
  routes: async (app, opts) => {
    // While the event bus is down (Redis out of reach) a stream would stay open and silent, and the
    // console would think it live: the streams end, a new one is refused with a 503, and the console
    // polls (lib/live.ts) until a stream opens again once the bus is back.
    const streams = new Set<ServerResponse>();
    app.addHook('onRequest', async (req, reply) => {
      if (req.method !== 'GET' || req.routeOptions.url !== `${API_BASE}/events`) return;
      if (!app.bus.live) throw new ApiError(503, 'error.liveUnavailable');
      streams.add(reply.raw);
      reply.raw.once('close', () => streams.delete(reply.raw));
    });
    const offLive = app.bus.onLiveChange((live) => {
      if (!live) for (const res of [...streams]) res.end();
    });
    app.addHook('onClose', async () => offLive());
    await app.register(dashboardRoutes);
    await app.register(eventsRoutes, { heartbeatMs: opts.liveHeartbeatMs });
  },
  jobs: [
    // org rollups, then one compact event of what changed on the bus, which every process's live
    // streams filter for their clients; where the previous run stopped travels with the job's state
    {
      name: 'dashboard',
      periodMs: DASHBOARD_TICK_MS,
      // the first run comes once the server is ready, unless another process ran it within its period
      atReady: true,
      start: (app) => {
        const state = newRefreshState();
        return async ({ now, state: previous }) => {
          Object.assign(state, previous);
          // on the jobs thread (a SQLite file) or here; the thread answers the state it moved on to
          const event = app.jobsThread
            ? await app.jobsThread
                .run(DASHBOARD_TASK, { state, now })
                .then((r) => (Object.assign(state, r.state), r.event))
            : await refreshDashboard(app.db, app.dialect, state, now);
          if (event) await app.bus.publish(event);
          const { at, energyAt, maxFaultId } = state;
          return { at, energyAt, maxFaultId };
        };
      },
    },
  ],
});

export { DeviceActivity } from './device-activity.js';

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './dashboard.tables.js';
