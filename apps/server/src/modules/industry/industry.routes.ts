import {
  envelope,
  idParam,
  industryBody,
  industryEnabledBody,
  industryListQuery,
  industryOption,
  industryRow,
  page,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as industries from './industry.service.js';

/** Industries of the product catalogue: the platform administrator edits them, every role may read the options. */
export const industryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['catalogue'];

  app.get(
    '/industries',
    {
      config: { access: { perm: 'industry:list' } },
      schema: {
        tags,
        summary: 'Industries, by sort order, filtered by name, code and state, paged',
        querystring: industryListQuery,
        response: { 200: envelope(page(industryRow)) },
      },
    },
    async (req, reply) => reply.ok(await industries.listIndustries(db, req.query)),
  );

  app.get(
    '/industries/options',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'The enabled industries, for the pickers of other screens',
        response: { 200: envelope(z.array(industryOption)) },
      },
    },
    async (_req, reply) => reply.ok(await industries.industryOptions(db)),
  );

  app.post(
    '/industries',
    {
      config: { access: { perm: 'industry:create' } },
      schema: {
        tags,
        summary: 'Create an industry (name and code unique, whatever their case)',
        body: industryBody,
        response: { 200: envelope(industryRow) },
      },
    },
    async (req, reply) => {
      const { data, note } = await industries.createIndustry(db, req.body);
      req.auditNote = note;
      return reply.ok(data, 'success.create');
    },
  );

  app.put(
    '/industries/:id',
    {
      config: { access: { perm: 'industry:update' } },
      schema: {
        tags,
        summary: 'Edit an industry',
        params: idParam,
        body: industryBody,
        response: { 200: envelope(industryRow) },
      },
    },
    async (req, reply) => {
      const { data, note } = await industries.updateIndustry(db, req.params.id, req.body);
      req.auditNote = note;
      return reply.ok(data, 'success.update');
    },
  );

  app.put(
    '/industries/:id/enabled',
    {
      config: { access: { perm: 'industry:update' } },
      schema: {
        tags,
        summary: 'Enable or disable an industry (a disabled one is offered for no new product)',
        params: idParam,
        body: industryEnabledBody,
        response: { 200: envelope(industryRow) },
      },
    },
    async (req, reply) => {
      const { data, note } = await industries.setIndustryEnabled(db, req.params.id, req.body.enabled);
      req.auditNote = note;
      return reply.ok(data, req.body.enabled ? 'success.enable' : 'success.disable');
    },
  );

  app.delete(
    '/industries/:id',
    {
      config: { access: { perm: 'industry:delete' } },
      schema: { tags, summary: 'Delete an industry', params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (req, reply) => {
      req.auditNote = await industries.deleteIndustry(db, req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );
};
