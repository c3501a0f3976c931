import {
  envelope,
  idParam,
  page,
  providerAssignBody,
  providerBody,
  providerOption,
  providerPlantQuery,
  providerPlantRow,
  providerQuery,
  providerRow,
  providerUpdateBody,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import { sendXlsx } from '../../lib/xlsx-export.js';
import { refreshPlantsSoon } from '../plant/index.js';
import * as providers from './provider.service.js';

export const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['providers'];

  app.get(
    '/providers',
    {
      config: { access: { perm: 'provider:list' } },
      schema: {
        tags,
        summary: 'Service providers of your scope, searched and paged, with the plants they serve',
        querystring: providerQuery,
        response: { 200: envelope(page(providerRow)) },
      },
    },
    async (req, reply) => reply.ok(await providers.listProviders(db, userOf(req), req.query)),
  );

  app.get(
    '/providers/export',
    {
      config: { access: { perm: 'provider:export' } },
      schema: {
        tags,
        summary: 'The filtered providers as an Excel workbook (in your language)',
        querystring: providerQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => sendXlsx(req, reply, providers.exportProviders(db, userOf(req), req.query, req.lang)),
  );

  app.get(
    '/providers/options',
    {
      config: { access: { perm: 'provider:manage' } },
      schema: {
        tags,
        summary: 'The providers of your scope to assign plants to',
        response: { 200: envelope(z.array(providerOption)) },
      },
    },
    async (req, reply) => reply.ok(await providers.providerOptions(db, userOf(req))),
  );

  app.get(
    '/providers/:id',
    {
      config: { access: { perm: 'provider:list' } },
      schema: {
        tags,
        summary: 'One provider (404 outside your data scope)',
        params: idParam,
        response: { 200: envelope(providerRow) },
      },
    },
    async (req, reply) => reply.ok(await providers.getProvider(db, userOf(req), req.params.id)),
  );

  app.post(
    '/providers',
    {
      config: { access: { perm: 'provider:create' } },
      schema: {
        tags,
        summary: 'Create a provider: an organisation of the service-provider group below yours, with its profile',
        body: providerBody,
        response: { 200: envelope(providerRow) },
      },
    },
    async (req, reply) => {
      const { data, note } = await providers.createProvider(db, userOf(req), req.body);
      req.auditNote = note;
      return reply.ok(data, 'success.create');
    },
  );

  app.put(
    '/providers/:id',
    {
      config: { access: { perm: 'provider:update' } },
      schema: {
        tags,
        summary: 'Edit a provider and its profile',
        params: idParam,
        body: providerUpdateBody,
        response: { 200: envelope(providerRow) },
      },
    },
    async (req, reply) => {
      const { data, note } = await providers.updateProvider(db, userOf(req), req.params.id, req.body);
      req.auditNote = note;
      return reply.ok(data, 'success.update');
    },
  );

  app.delete(
    '/providers/:id',
    {
      config: { access: { perm: 'provider:delete' } },
      schema: {
        tags,
        summary: 'Delete a provider that serves no plant (409 while it does)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      req.auditNote = await providers.deleteProvider(db, userOf(req), req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );

  app.get(
    '/provider-plants',
    {
      config: { access: { perm: 'provider:manage' } },
      schema: {
        tags,
        summary: 'Plants of your scope with the provider serving them',
        querystring: providerPlantQuery,
        response: { 200: envelope(page(providerPlantRow)) },
      },
    },
    async (req, reply) => reply.ok(await providers.listManagedPlants(db, userOf(req), req.query)),
  );

  app.put(
    '/provider-plants/assign',
    {
      config: { access: { perm: 'provider:assign' }, audit: { action: 'update', entity: 'provider' } },
      schema: {
        tags,
        summary: 'Assign or reassign plants to a provider: the plants, their devices and faults move to its scope',
        body: providerAssignBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      req.auditNote = await providers.assignPlants(db, userOf(req), req.body);
      refreshPlantsSoon(app);
      return reply.ok(null, 'success.allocation');
    },
  );
};
