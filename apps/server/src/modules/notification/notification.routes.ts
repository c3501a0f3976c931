import {
  envelope,
  idParam,
  notificationPage,
  notificationPrefs,
  notificationPrefsData,
  notificationQuery,
  unreadCount,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import * as notifications from './notification.service.js';

/**
 * A user's own notifications (the navbar's bell) and how they want to be told. Every signed-in
 * user has them (access 'session'); each route reads and changes only the caller's own rows.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const deps = { db: app.db, bus: app.bus };

  app.get(
    '/notifications',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Your notifications, newest first (unread=true: only unread), with your unread count',
        querystring: notificationQuery,
        response: { 200: envelope(notificationPage) },
      },
    },
    async (req, reply) => reply.ok(await notifications.listNotifications(app.db, userOf(req), req.lang, req.query)),
  );

  app.get(
    '/notifications/unread-count',
    {
      config: { access: 'session' },
      schema: { tags, summary: 'How many of your notifications are unread', response: { 200: envelope(unreadCount) } },
    },
    async (req, reply) => reply.ok(await notifications.unreadCount(app.db, userOf(req))),
  );

  app.put(
    '/notifications/read-all',
    {
      config: { access: 'session', audit: false },
      schema: { tags, summary: 'Mark all your notifications read', response: { 200: envelope(unreadCount) } },
    },
    async (req, reply) => reply.ok(await notifications.markAllRead(deps, userOf(req))),
  );

  app.put(
    '/notifications/:id/read',
    {
      config: { access: 'session', audit: false },
      schema: {
        tags,
        summary: 'Mark one of your notifications read (another user’s answers 404)',
        params: idParam,
        response: { 200: envelope(unreadCount) },
      },
    },
    async (req, reply) => reply.ok(await notifications.markRead(deps, userOf(req), req.params.id)),
  );

  app.get(
    '/profile/notification-prefs',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'How you are told of faults: console, e-mail, the least severe for each, the language of mails',
        response: { 200: envelope(notificationPrefsData) },
      },
    },
    async (req, reply) => reply.ok(await notifications.getPrefs(app.db, userOf(req))),
  );

  app.put(
    '/profile/notification-prefs',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Save how you are told of faults',
        body: notificationPrefs,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await notifications.savePrefs(app.db, userOf(req), req.body);
      return reply.ok(null, 'success.save');
    },
  );
};
