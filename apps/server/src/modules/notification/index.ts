import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxOf } from '../mail/index.js';
import { notificationRoutes } from './notification.routes.js';
import { FAULT_NOTIFY_JOB, notifyNewFaults, pruneNotifications } from './notification.service.js';

/** The module's periodic job and its default period (ms). */
export const NOTIFICATION_JOB_PERIODS = { 'fault-notify': 3_000, 'notify-prune': 3_600_000 } as const;

/**
 * Notifications: the fault-notify job reads the faults opened since its cursor (fault_events,
 * the cursor in job_runs.state), tells each recipient by their preferences (a notification, an
 * outbox mail) and puts the new unread counts on the bus, which every process's event streams
 * forward to their user (`event: notifications`). Routes: the caller's notifications and preferences.
 */
export const notificationModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(notificationRoutes);
  const outbox = outboxOf(app.config);
  app.jobs.add({
    name: FAULT_NOTIFY_JOB,
    periodMs: NOTIFICATION_JOB_PERIODS[FAULT_NOTIFY_JOB],
    run: async ({ now, state }) => {
      const users = await notifyNewFaults(app.db, outbox, state, now);
      if (users.length) await app.bus.publish({ type: 'notifications', at: now, users });
      // the cursor was kept in the transaction that wrote the notifications
      return undefined;
    },
  });
  // notifications are kept NOTIFICATION_RETENTION_MS (90 days)
  app.jobs.add({
    name: 'notify-prune',
    periodMs: NOTIFICATION_JOB_PERIODS['notify-prune'],
    run: async ({ now }) => {
      const removed = await pruneNotifications(app.db, now);
      if (removed) app.log.info({ removed }, 'notifications pruned');
    },
  });
  // the first run ever sets the cursor at once (the faults before it are history), unless another process ran it within its period
  app.addHook('onReady', async () => void app.jobs.tick(FAULT_NOTIFY_JOB));
};

export { rememberSignInLanguage } from './notification.service.js';
