import {
  contactAnswerBody,
  contactMessageBody,
  contactMessageQuery,
  contactMessageRow,
  contentBody,
  contentQuery,
  contentRow,
  DOCUMENT_LIMITS,
  envelope,
  idParam,
  page,
  pickLanguage,
  publicContentItem,
  publicContentQuery,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { userOf } from '../../lib/types.js';
import { sendXlsx } from '../../lib/xlsx-export.js';
import { outboxOf } from '../mail/index.js';
import * as content from './content.service.js';

/** Content items and contact messages for the console (content:* permissions). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['content'];

  app.get(
    '/contents',
    {
      config: { access: { perm: 'content:list' } },
      schema: {
        tags,
        summary: 'Content items of a kind, in their order',
        querystring: contentQuery,
        response: { 200: envelope(page(contentRow)) },
      },
    },
    async (req, reply) => reply.ok(await content.listContent(db, req.query)),
  );

  app.get(
    '/contents/export',
    {
      config: { access: { perm: 'content:export' } },
      schema: {
        tags,
        summary: "A kind's filtered content items as a streamed .xlsx, in their order",
        querystring: contentQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => sendXlsx(req, reply, content.contentExport(db, req.query, req.lang)),
  );

  app.get(
    '/contents/:id',
    {
      config: { access: { perm: 'content:list' } },
      schema: { tags, summary: 'One content item', params: idParam, response: { 200: envelope(contentRow) } },
    },
    async (req, reply) => reply.ok(await content.getContent(db, req.params.id)),
  );

  app.post(
    '/contents',
    {
      config: { access: { perm: 'content:create' } },
      schema: {
        tags,
        summary: 'Write a content item (its HTML is sanitised on the way in)',
        body: contentBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (req, reply) => reply.ok(await content.createContent(db, userOf(req), req.body), 'success.create'),
  );

  app.put(
    '/contents/:id',
    {
      config: { access: { perm: 'content:update' } },
      schema: {
        tags,
        summary: 'Edit, publish or unpublish a content item',
        params: idParam,
        body: contentBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await content.updateContent(db, userOf(req), req.params.id, req.body);
      return reply.ok(null, 'success.update');
    },
  );

  app.delete(
    '/contents/:id',
    {
      config: { access: { perm: 'content:delete' } },
      schema: { tags, summary: 'Delete (soft) a content item', params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (req, reply) => {
      await content.deleteContent(db, userOf(req), req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );

  app.post(
    '/contents/:id/restore',
    {
      config: { access: { perm: 'content:delete' } },
      schema: {
        tags,
        summary: 'Restore a deleted content item (as a draft)',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await content.restoreContent(db, userOf(req), req.params.id);
      return reply.ok(null, 'success.restore');
    },
  );

  app.post(
    '/contents/media',
    {
      config: { access: { perm: 'content:create' } },
      schema: {
        tags,
        summary: 'Upload a picture (JPG/PNG, 2 MB) or a video (MP4) for content, checked by its bytes',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ url: z.string(), mime: z.string(), size: z.number() })) },
      },
    },
    async (req, reply) => {
      const part = await req.file({ limits: { fileSize: DOCUMENT_LIMITS.videoMaxBytes + 1, files: 1 } });
      if (!part) throw badRequest('validation.fileRequired');
      return reply.ok(await content.uploadMedia(app.files, part), 'success.create');
    },
  );

  app.get(
    '/contact-messages',
    {
      config: { access: { perm: 'content:list' } },
      schema: {
        tags,
        summary: 'Messages sent through the public contact form, newest first',
        querystring: contactMessageQuery,
        response: { 200: envelope(page(contactMessageRow)) },
      },
    },
    async (req, reply) => reply.ok(await content.listContactMessages(db, req.query)),
  );

  app.get(
    '/contact-messages/export',
    {
      config: { access: { perm: 'content:export' } },
      schema: {
        tags,
        summary: 'The contact messages (of a status) as a streamed .xlsx, newest first',
        querystring: contactMessageQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => sendXlsx(req, reply, content.contactMessageExport(db, req.query, req.lang)),
  );

  app.post(
    '/contact-messages/:id/answer',
    {
      config: { access: { perm: 'content:update' } },
      schema: {
        tags,
        summary: 'Answer a contact message (mailed to the sender through the outbox)',
        params: idParam,
        body: contactAnswerBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await content.answerContactMessage({ db, outbox: outboxOf(app.config) }, userOf(req), req.params.id, req.body);
      return reply.ok(null, 'success.answer');
    },
  );
};

/** The public content API under /cms/ (no sign-in): published items only. */
export const publicContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['cms'];
  const limiter = content.contactLimiter();

  app.get(
    '/cms/contents',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Published items of a kind in the visitor's language (English when it has none)",
        querystring: publicContentQuery,
        response: { 200: envelope(z.array(publicContentItem)) },
      },
    },
    async (req, reply) =>
      reply.ok(
        await content.publicContent(db, req.query.kind, req.query.lang ?? pickLanguage(req.headers['accept-language'])),
      ),
  );

  app.get(
    '/cms/contents/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One published item',
        params: idParam,
        response: { 200: envelope(publicContentItem) },
      },
    },
    async (req, reply) => reply.ok(await content.publicItem(db, req.params.id)),
  );

  app.get(
    '/cms/media/:name',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A picture or video of published content',
        params: z.object({ name: z.string().max(80) }),
      },
    },
    async (req, reply) => {
      const f = await content.mediaFile(app.files, req.params.name);
      return reply
        .type(f.mime)
        .header('content-length', String(f.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(f.stream);
    },
  );

  app.post(
    '/cms/contact-messages',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Send a message through the contact form (a few an hour per address)',
        body: contactMessageBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (req, reply) =>
      reply.ok(
        await content.sendContactMessage(db, limiter, req.ip, pickLanguage(req.headers['accept-language']), req.body),
        'success.messageSent',
      ),
  );
};
