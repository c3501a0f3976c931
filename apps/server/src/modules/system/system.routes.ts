import {
  archiveConfigBody,
  archiveConfigData,
  envelope,
  idParam,
  mqttConfigBody,
  mqttConfigQuery,
  mqttConfigRow,
  mqttConfigUpdateBody,
  page,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import * as system from './system.service.js';

/** The MQTT/HTTP endpoint records and the archive configuration (System > MQTT). */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['system'];

  app.get(
    '/mqtt-configs',
    {
      config: { access: { perm: 'mqtt:list' } },
      schema: {
        tags,
        summary: 'MQTT/HTTP endpoints per country',
        querystring: mqttConfigQuery,
        response: { 200: envelope(page(mqttConfigRow)) },
      },
    },
    async (req, reply) => reply.ok(await system.listMqttConfigs(db, userOf(req), req.query)),
  );

  app.post(
    '/mqtt-configs',
    {
      config: { access: { perm: 'mqtt:create' } },
      schema: {
        tags,
        summary: 'Add an endpoint record',
        body: mqttConfigBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (req, reply) => reply.ok(await system.createMqttConfig(db, req.body), 'success.create'),
  );

  app.put(
    '/mqtt-configs/:id',
    {
      config: { access: { perm: 'mqtt:update' } },
      schema: {
        tags,
        summary: 'Edit an endpoint record (without userKey the stored key stays)',
        params: idParam,
        body: mqttConfigUpdateBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await system.updateMqttConfig(db, req.params.id, req.body);
      return reply.ok(null, 'success.update');
    },
  );

  app.delete(
    '/mqtt-configs/:id',
    {
      config: { access: { perm: 'mqtt:delete' } },
      schema: {
        tags,
        summary: 'Delete an endpoint record',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await system.deleteMqttConfig(db, req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );

  app.get(
    '/archive-config',
    {
      config: { access: { perm: 'mqtt:list' } },
      schema: { tags, summary: 'Archive configuration', response: { 200: envelope(archiveConfigData) } },
    },
    async (_req, reply) => reply.ok(await system.getArchiveConfig(db)),
  );

  app.put(
    '/archive-config',
    {
      config: { access: { perm: 'mqtt:update' } },
      schema: {
        tags,
        summary: 'Change the archive configuration',
        body: archiveConfigBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await system.updateArchiveConfig(db, req.body);
      return reply.ok(null, 'success.setting');
    },
  );
};
