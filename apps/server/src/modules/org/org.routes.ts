import {
  envelope,
  idParam,
  orgBody,
  orgGroupOption,
  orgMoveBody,
  orgRow,
  orgTreeRow,
  orgUpdateBody,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import * as orgs from './org.service.js';

/** Organisations: a tree in the caller's data scope; create under a parent, edit, move, delete. */
export const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['organisations'];

  app.get(
    '/orgs',
    {
      config: { access: { perm: 'org:list' } },
      schema: {
        tags,
        summary: 'Organisations in your data scope (a tree by parentId, parents first)',
        response: { 200: envelope(z.array(orgTreeRow)) },
      },
    },
    async (req, reply) => reply.ok(await orgs.listOrgTree(db, userOf(req))),
  );

  app.get(
    '/orgs/groups',
    {
      config: { access: { perm: 'org:list' } },
      schema: {
        tags,
        summary: 'The organisation types to choose from',
        response: { 200: envelope(z.array(orgGroupOption)) },
      },
    },
    async (_req, reply) => reply.ok(await orgs.orgGroupOptions(db)),
  );

  app.get(
    '/orgs/:id',
    {
      config: { access: { perm: 'org:list' } },
      schema: {
        tags,
        summary: 'One organisation (404 outside your data scope)',
        params: idParam,
        response: { 200: envelope(orgRow) },
      },
    },
    async (req, reply) => reply.ok(await orgs.getOrg(db, userOf(req), req.params.id)),
  );

  app.post(
    '/orgs',
    {
      config: { access: { perm: 'org:create' } },
      schema: {
        tags,
        summary: 'Create an organisation under a parent of your scope',
        body: orgBody,
        response: { 200: envelope(orgRow) },
      },
    },
    async (req, reply) => {
      const { data, note } = await orgs.createOrg(db, userOf(req), req.body);
      req.auditNote = note;
      return reply.ok(data, 'success.create');
    },
  );

  app.put(
    '/orgs/:id',
    {
      config: { access: { perm: 'org:update' } },
      schema: {
        tags,
        summary: 'Edit an organisation (the parent changes through move)',
        params: idParam,
        body: orgUpdateBody,
        response: { 200: envelope(orgRow) },
      },
    },
    async (req, reply) => {
      const { data, note } = await orgs.updateOrg(db, userOf(req), req.params.id, req.body);
      req.auditNote = note;
      return reply.ok(data, 'success.update');
    },
  );

  app.put(
    '/orgs/:id/move',
    {
      config: { access: { perm: 'org:update' } },
      schema: {
        tags,
        summary: 'Move an organisation and its subtree under another parent of your scope',
        params: idParam,
        body: orgMoveBody,
        response: { 200: envelope(orgRow) },
      },
    },
    async (req, reply) => {
      const { data, note } = await orgs.moveOrg(db, userOf(req), req.params.id, req.body.parentId);
      req.auditNote = note;
      return reply.ok(data, 'success.update');
    },
  );

  app.delete(
    '/orgs/:id',
    {
      config: { access: { perm: 'org:delete' } },
      schema: {
        tags,
        summary: 'Delete an organisation without sub-organisations, users, plants or devices',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      req.auditNote = await orgs.deleteOrg(db, userOf(req), req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );
};
