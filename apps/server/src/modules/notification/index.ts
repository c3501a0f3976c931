import { defineModule } from '../../lib/module.js';
import { outboxOf } from '../mail/index.js';
import { notificationRoutes } from './notification.routes.js';
import { FAULT_NOTIFY_JOB, notifyNewFaults, pruneNotifications } from './notification.service.js';

/**
 * Notifications: the fault-notify job reads the faults opened since its cursor (fault_events,
 * the cursor in job_runs.state), tells each recipient by their preferences (a notification, an
 * outbox mail) and puts the new unread counts on the bus, which every process's event streams
 * forward to their user (`event: notifications`). Routes: the caller's notifications and preferences.
 */
export const notificationModule = defineModule({
  name: 'notification',
  routes: async (app) => {
    await app.register(notificationRoutes);
  },
  jobs: [
    {
      name: FAULT_NOTIFY_JOB,
      periodMs: 3_000,
      // the first run ever sets the cursor at once (the faults before it are history)
      atReady: true,
      start: (app) => {
        const outbox = outboxOf(app.config);
        return async ({ now, state }) => {
          const users = await notifyNewFaults(app.db, outbox, state, now);
          if (users.length) await app.bus.publish({ type: 'notifications', at: now, users });
          // the cursor was kept in the transaction that wrote the notifications
          return undefined;
        };
      },
    },
    // notifications are kept NOTIFICATION_RETENTION_MS (90 days)
    {
      name: 'notify-prune',
      periodMs: 3_600_000,
      start:
        (app) =>
        async ({ now }) => {
          const removed = await pruneNotifications(app.db, now);
          if (removed) app.log.info({ removed }, 'notifications pruned');
        },
    },
  ],
});

export { rememberSignInLanguage } from './notification.service.js';

/** The tables this module owns (their types; the declarations extend db/database.ts's Database). */
export type * from './notification.tables.js';
