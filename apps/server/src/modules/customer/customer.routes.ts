import {
  cancelConfirmBody,
  cancelSendBody,
  customerBody,
  customerListQuery,
  customerOption,
  customerOptionQuery,
  customerRow,
  envelope,
  idParam,
  page,
  type Language,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import { sendXlsx } from '../../lib/xlsx-export.js';
import { outboxOf } from '../mail/index.js';
import * as customers from './customer.service.js';

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['customers'];
  const deps = { db: app.db, outbox: outboxOf(app.config) };

  app.get(
    '/customers',
    {
      config: { access: { perm: 'customer:list' } },
      schema: {
        tags,
        summary:
          'Customers (plant owners) in scope, paged and filtered; phone, e-mail and address masked without the sensitive grant',
        querystring: customerListQuery,
        response: { 200: envelope(page(customerRow)) },
      },
    },
    async (req, reply) => reply.ok(await customers.listCustomers(app.db, userOf(req), req.query)),
  );

  app.get(
    '/customers/options',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary:
          "Customers in the caller's scope whose name or e-mail holds the keyword (the plant form's owner picker)",
        querystring: customerOptionQuery,
        response: { 200: envelope(z.array(customerOption)) },
      },
    },
    async (req, reply) =>
      reply.ok(await customers.customerOptions(app.db, userOf(req), req.query.keyword, req.query.limit)),
  );

  app.get(
    '/customers/export',
    {
      config: { access: { perm: 'customer:export' } },
      schema: {
        tags,
        summary: 'The filtered customers as a streamed .xlsx (masked as the list is)',
        querystring: customerListQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => sendXlsx(req, reply, customers.customerExport(app.db, userOf(req), req.query)),
  );

  app.get(
    '/customers/:id',
    {
      config: { access: { perm: 'customer:list' } },
      schema: { tags, summary: 'One customer', params: idParam, response: { 200: envelope(customerRow) } },
    },
    async (req, reply) => reply.ok(await customers.getCustomer(app.db, userOf(req), req.params.id)),
  );

  app.post(
    '/customers',
    {
      config: { access: { perm: 'customer:create' } },
      schema: {
        tags,
        summary: 'Create a customer, optionally with a login account (its first password is mailed)',
        body: customerBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (req, reply) =>
      reply.ok(await customers.createCustomer(deps, userOf(req), req.body, req.lang as Language), 'success.create'),
  );

  app.put(
    '/customers/:id',
    {
      config: { access: { perm: 'customer:update' } },
      schema: {
        tags,
        summary: 'Edit a customer; a login name opens its login account when it has none',
        params: idParam,
        body: customerBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await customers.updateCustomer(deps, userOf(req), req.params.id, req.body, req.lang as Language);
      return reply.ok(null, 'success.update');
    },
  );

  app.delete(
    '/customers/:id',
    {
      config: { access: { perm: 'customer:delete' } },
      schema: {
        tags,
        summary: 'Delete a customer who owns no plant (and its login account)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await customers.deleteCustomer(app.db, userOf(req), req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );

  app.post(
    '/customer/cancel/code',
    {
      config: { access: 'public', audit: false },
      schema: {
        tags,
        summary:
          'Account cancellation, step 1: mail a 6-digit code (same answer whether the address has an account or not)',
        body: cancelSendBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await customers.sendCancelCode(deps, req.body.email, req.lang as Language);
      return reply.ok(null, 'success.messageSent');
    },
  );

  app.post(
    '/customer/cancel/confirm',
    {
      config: { access: 'public', audit: false },
      schema: {
        tags,
        summary: 'Account cancellation, step 2: the mailed code disables the account and ends its sessions',
        body: cancelConfirmBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      const account = await customers.confirmCancel(app.db, req.body);
      if (account) {
        // its sessions are revoked in the database: every process's session cache forgets them
        await app.dataChanged();
        app.audit.push({
          user_id: account.id,
          login_name: account.login_name,
          org_id: account.org_id,
          action: 'update',
          entity: 'account',
          record_id: String(account.id),
          summary: 'cancelled by the customer with an e-mail code: account disabled, sessions ended',
          method: 'POST',
          route: '/customer/cancel/confirm',
          ip: req.ip,
        });
      }
      return reply.ok(null, 'success.verificationCode');
    },
  );
};
