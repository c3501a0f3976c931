import {
  envelope,
  faultCodeRow,
  faultCodesQuery,
  faultCounts,
  faultData,
  faultDataQuery,
  faultDetail,
  faultFilters,
  faultNoteBody,
  faultQuery,
  faultRow,
  faultTransitionBody,
  idParam,
  page,
  type FaultTransition,
  type MessageKey,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import { sendXlsx } from '../../lib/xlsx-export.js';
import * as faults from './fault.service.js';

/**
 * Faults opened by device events: the list with its tabs and export, one fault with its history
 * and its device's data, and the steps people take (acknowledge, start, repair, notes).
 */
export const faultRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['faults'];

  app.get(
    '/faults',
    {
      config: { access: { perm: 'fault:list' } },
      schema: {
        tags,
        summary: 'Faults of your scope: filters, sort by opened time or severity, paged',
        querystring: faultQuery,
        response: { 200: envelope(page(faultRow)) },
      },
    },
    async (req, reply) => reply.ok(await faults.listFaults(db, userOf(req), req.query, req.lang)),
  );

  app.get(
    '/faults/counts',
    {
      config: { access: { perm: 'fault:list' } },
      schema: {
        tags,
        summary: 'Per processing state, the faults matching the other filters (the tabs)',
        querystring: faultFilters,
        response: { 200: envelope(faultCounts) },
      },
    },
    async (req, reply) => reply.ok(await faults.faultCounts(db, userOf(req), req.query)),
  );

  app.get(
    '/faults/export',
    {
      config: { access: { perm: 'fault:export' } },
      schema: { tags, summary: 'The filtered fault list as a streamed .xlsx', querystring: faultFilters },
    },
    async (req, reply) => sendXlsx(req, reply, faults.exportFaults(db, userOf(req), req.query, req.lang)),
  );

  app.get(
    '/fault-codes',
    {
      config: { access: { perm: 'fault:list' } },
      schema: {
        tags,
        summary: "The fault catalogue (a product's entries and those for any product) in your language",
        querystring: faultCodesQuery,
        response: { 200: envelope(z.array(faultCodeRow)) },
      },
    },
    async (req, reply) => reply.ok(await faults.faultCodes(db, req.lang, req.query.productId)),
  );

  app.get(
    '/faults/:id',
    {
      config: { access: { perm: 'fault:list' } },
      schema: {
        tags,
        summary: 'One fault with its suggested action and history (404 outside your scope)',
        params: idParam,
        response: { 200: envelope(faultDetail) },
      },
    },
    async (req, reply) => reply.ok(await faults.faultDetail(db, userOf(req), req.params.id, req.lang)),
  );

  app.get(
    '/faults/:id/data',
    {
      config: { access: { perm: 'fault:list' } },
      schema: {
        tags,
        summary: "The device's points from an hour before the fault to an hour after its repair (or now)",
        params: idParam,
        querystring: faultDataQuery,
        response: { 200: envelope(faultData) },
      },
    },
    async (req, reply) =>
      reply.ok(await faults.faultData({ db, dialect: app.dialect }, userOf(req), req.params.id, req.query.points)),
  );

  const steps: { path: string; action: FaultTransition; summary: string; success: MessageKey }[] = [
    {
      path: 'acknowledge',
      action: 'acknowledge',
      summary: 'Acknowledge an open fault',
      success: 'success.acknowledge',
    },
    {
      path: 'start',
      action: 'start',
      summary: 'Start work on an open or acknowledged fault',
      success: 'success.start',
    },
    {
      path: 'repair',
      action: 'repair',
      summary: 'Mark a fault repaired (from open, acknowledged or in progress)',
      success: 'success.repair',
    },
  ];
  for (const step of steps)
    app.put(
      `/faults/:id/${step.path}`,
      {
        config: { access: { perm: 'fault:repair' } },
        schema: {
          tags,
          summary: `${step.summary}; 409 when its state does not allow it`,
          params: idParam,
          body: faultTransitionBody,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req, reply) => {
        req.auditNote = await faults.transition(db, userOf(req), req.params.id, step.action, req.body?.note);
        return reply.ok(null, step.success);
      },
    );

  app.post(
    '/faults/:id/notes',
    {
      config: { access: { perm: 'fault:repair' } },
      schema: {
        tags,
        summary: 'Add a note to a fault that is not repaired',
        params: idParam,
        body: faultNoteBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      req.auditNote = await faults.addNote(db, userOf(req), req.params.id, req.body.note);
      return reply.ok(null, 'success.note');
    },
  );
};
