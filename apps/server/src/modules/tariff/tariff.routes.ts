import {
  envelope,
  idParam,
  page,
  plantRevenue,
  plantRevenueQuery,
  powerCompanyBody,
  powerCompanyOption,
  powerCompanyQuery,
  powerCompanyRow,
  priceBody,
  priceQuery,
  priceRow,
  priceSaved,
  recomputeRow,
  revenueFigures,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import { sendXlsx } from '../../lib/xlsx-export.js';
import * as tariffs from './tariff.service.js';

/** Power companies, electricity prices (spec §2 power-company, §3 electricity price) and revenue. */
export const tariffRoutes: FastifyPluginAsyncZod<{ onPriceChanged: () => void }> = async (app, opts) => {
  const db = app.db;
  const tags = ['tariffs'];

  app.get(
    '/power-companies',
    {
      config: { access: { perm: 'price:list' } },
      schema: {
        tags,
        summary: 'Power companies, searched and paged',
        querystring: powerCompanyQuery,
        response: { 200: envelope(page(powerCompanyRow)) },
      },
    },
    async (req, reply) => reply.ok(await tariffs.listCompanies(db, req.query)),
  );

  app.get(
    '/power-companies/export',
    {
      config: { access: { perm: 'price:list' } },
      schema: {
        tags,
        summary: 'The filtered power companies as an Excel workbook (in your language)',
        querystring: powerCompanyQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => sendXlsx(req, reply, tariffs.exportCompanies(db, req.query)),
  );

  app.get(
    '/power-companies/options',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Power companies with their currency and price areas (the plant form)',
        response: { 200: envelope(z.array(powerCompanyOption)) },
      },
    },
    async (_req, reply) => reply.ok(await tariffs.companyOptions(db)),
  );

  app.get(
    '/power-companies/:id',
    {
      config: { access: { perm: 'price:list' } },
      schema: { tags, summary: 'One power company', params: idParam, response: { 200: envelope(powerCompanyRow) } },
    },
    async (req, reply) => reply.ok(await tariffs.getCompany(db, req.params.id)),
  );

  app.post(
    '/power-companies',
    {
      config: { access: { perm: 'price:create' } },
      schema: {
        tags,
        summary: 'Create a power company',
        body: powerCompanyBody,
        response: { 200: envelope(powerCompanyRow) },
      },
    },
    async (req, reply) => {
      const { data, note } = await tariffs.createCompany(db, req.body);
      req.auditNote = note;
      return reply.ok(data, 'success.create');
    },
  );

  app.put(
    '/power-companies/:id',
    {
      config: { access: { perm: 'price:update' } },
      schema: {
        tags,
        summary: 'Edit a power company (its currency stays while plants use it; an area in use stays)',
        params: idParam,
        body: powerCompanyBody,
        response: { 200: envelope(powerCompanyRow) },
      },
    },
    async (req, reply) => {
      const { data, note } = await tariffs.updateCompany(db, req.params.id, req.body);
      req.auditNote = note;
      return reply.ok(data, 'success.update');
    },
  );

  app.delete(
    '/power-companies/:id',
    {
      config: { access: { perm: 'price:delete' } },
      schema: {
        tags,
        summary: 'Delete a power company and its prices (409 while a plant uses one of its tariffs)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      req.auditNote = await tariffs.deleteCompany(db, req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );

  app.get(
    '/electricity-prices',
    {
      config: { access: { perm: 'price:list' } },
      schema: {
        tags,
        summary: 'Electricity prices of a company, area and kind, paged',
        querystring: priceQuery,
        response: { 200: envelope(page(priceRow)) },
      },
    },
    async (req, reply) => reply.ok(await tariffs.listPrices(db, req.query)),
  );

  app.get(
    '/electricity-prices/:id',
    {
      config: { access: { perm: 'price:list' } },
      schema: { tags, summary: 'One electricity price', params: idParam, response: { 200: envelope(priceRow) } },
    },
    async (req, reply) => reply.ok(await tariffs.getPrice(db, req.params.id)),
  );

  app.post(
    '/electricity-prices',
    {
      config: { access: { perm: 'price:create' } },
      schema: {
        tags,
        summary: 'Create a price: its periods cover the day without overlap, its validity meets no other of the area',
        body: priceBody,
        response: { 200: envelope(priceSaved) },
      },
    },
    async (req, reply) => {
      const { data, note } = await tariffs.createPrice(db, userOf(req), req.body, req.lang);
      req.auditNote = note;
      if (data.recompute) opts.onPriceChanged();
      return reply.ok(data, 'success.create');
    },
  );

  app.put(
    '/electricity-prices/:id',
    {
      config: { access: { perm: 'price:update' } },
      schema: {
        tags,
        summary: 'Edit a price; the revenue of the days it changes is recomputed by a job',
        params: idParam,
        body: priceBody,
        response: { 200: envelope(priceSaved) },
      },
    },
    async (req, reply) => {
      const { data, note } = await tariffs.updatePrice(db, userOf(req), req.params.id, req.body, req.lang);
      req.auditNote = note;
      if (data.recompute) opts.onPriceChanged();
      return reply.ok(data, 'success.update');
    },
  );

  app.delete(
    '/electricity-prices/:id',
    {
      config: { access: { perm: 'price:delete' } },
      schema: {
        tags,
        summary: 'Delete a price; the revenue of its days is recomputed',
        params: idParam,
        response: { 200: envelope(recomputeRow.nullable()) },
      },
    },
    async (req, reply) => {
      const { data, note } = await tariffs.deletePrice(db, userOf(req), req.params.id);
      req.auditNote = note;
      if (data) opts.onPriceChanged();
      return reply.ok(data, 'success.delete');
    },
  );

  app.get(
    '/revenue-recomputes/:id',
    {
      config: { access: { perm: 'price:list' } },
      schema: {
        tags,
        summary: 'Progress of a revenue recompute a price change queued',
        params: idParam,
        response: { 200: envelope(recomputeRow) },
      },
    },
    async (req, reply) => reply.ok(await tariffs.getRecompute(db, req.params.id)),
  );

  app.get(
    '/plants/:id/revenue',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags,
        summary: "A plant's revenue for a local day, month or year, by time-of-use period (404 outside your view)",
        params: idParam,
        querystring: plantRevenueQuery,
        response: { 200: envelope(plantRevenue) },
      },
    },
    async (req, reply) => reply.ok(await tariffs.plantRevenue(db, userOf(req), req.params.id, req.query)),
  );

  app.get(
    '/revenue/fleet',
    {
      config: { access: { perm: 'dashboard:view' } },
      schema: {
        tags,
        summary: 'Revenue of the plants you see, one entry per currency (never summed across currencies)',
        response: { 200: envelope(z.array(revenueFigures)) },
      },
    },
    async (req, reply) => reply.ok(await tariffs.fleetRevenue(db, userOf(req))),
  );
};
