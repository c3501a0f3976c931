import { commandRow, deviceCapabilities, envelope, idParam, page, pageQuery, pushCommandBody } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../lib/types.js';
import * as commands from './command.service.js';

// app.ts's command-timeout job and the firmware module import these from here
export { expireCommands, pushCommand } from './command.service.js';

export const commandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/devices/:id/commands',
    {
      config: { access: { perm: 'device:control' } },
      schema: {
        tags: ['devices'],
        summary: 'Push a command: stored first, then sent; the ack settles it',
        params: idParam,
        body: pushCommandBody,
        response: { 200: envelope(commandRow) },
      },
    },
    async (req, reply) =>
      reply.ok(await commands.pushToDevice(app, userOf(req), req.params.id, req.body), 'success.push'),
  );

  app.get(
    '/devices/:id/capabilities',
    {
      config: { access: { perm: 'device:list' } },
      schema: {
        tags: ['devices'],
        summary: 'What the device accepts (commands, set-points and their ranges) and what the caller may send it',
        params: idParam,
        response: { 200: envelope(deviceCapabilities) },
      },
    },
    async (req, reply) => reply.ok(await commands.capabilitiesFor(app.db, userOf(req), req.params.id)),
  );

  app.get(
    '/devices/:id/commands',
    {
      config: { access: { perm: 'device:list' } },
      schema: {
        tags: ['devices'],
        summary: 'Push command history of a device',
        params: idParam,
        querystring: pageQuery,
        response: { 200: envelope(page(commandRow)) },
      },
    },
    async (req, reply) => reply.ok(await commands.commandHistory(app.db, userOf(req), req.params.id, req.query)),
  );
};
