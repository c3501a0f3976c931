import {
  documentTypeParam,
  envelope,
  idParam,
  page,
  pickLanguage,
  problemAnswerBody,
  problemBody,
  problemPicture,
  problemQuery,
  problemRow,
  productDocumentRow,
  publicProduct,
  releaseBody,
  releaseRow,
  documentMaxBytes,
  PICTURE_LIMITS,
  type Language,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { userOf } from '../../lib/types.js';
import { sendXlsx } from '../../lib/xlsx-export.js';
import * as support from './product-support.service.js';

/** RFC 6266: an ASCII name for old clients and the UTF-8 one (the stored names are ASCII-safe already). */
const disposition = (kind: 'attachment' | 'inline', name: string) =>
  `${kind}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Product documents and release notes (Systems > Products) and product problems. */
export const productSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const files = app.files;
  const tags = ['products'];

  app.get(
    '/products/:id/documents',
    {
      config: { access: { perm: 'product:list' } },
      schema: {
        tags,
        summary: "A product's documents",
        params: idParam,
        response: { 200: envelope(z.array(productDocumentRow)) },
      },
    },
    async (req, reply) => reply.ok(await support.listDocuments(db, req.params.id)),
  );

  app.post(
    '/products/:id/documents/:type',
    {
      config: { access: { perm: 'product:update' } },
      schema: {
        tags,
        summary: 'Upload a document (PDF; MP4 for the installation video), checked by its content',
        consumes: ['multipart/form-data'],
        params: documentTypeParam,
        response: { 200: envelope(productDocumentRow) },
      },
    },
    async (req, reply) => {
      const part = await req.file({ limits: { fileSize: documentMaxBytes(req.params.type) + 1, files: 1 } });
      if (!part) throw badRequest('validation.fileRequired');
      return reply.ok(await support.uploadDocument(db, files, req.params.id, req.params.type, part), 'success.create');
    },
  );

  // public: the product page links the documents for download
  app.get(
    '/product-documents/:id/file',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Download a product document', params: idParam },
    },
    async (req, reply) => {
      const f = await support.documentFile(db, files, req.params.id);
      return reply
        .type(f.mime)
        .header('content-length', String(f.size))
        .header('content-disposition', disposition('attachment', f.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(f.stream);
    },
  );

  app.delete(
    '/product-documents/:id',
    {
      config: { access: { perm: 'product:update' } },
      schema: { tags, summary: 'Delete a product document', params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (req, reply) => {
      await support.deleteDocument(db, files, req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );

  app.get(
    '/products/:id/releases',
    {
      config: { access: { perm: 'product:list' } },
      schema: {
        tags,
        summary: "A product's release notes, newest first",
        params: idParam,
        response: { 200: envelope(z.array(releaseRow)) },
      },
    },
    async (req, reply) => reply.ok(await support.listReleases(db, req.params.id)),
  );

  app.post(
    '/products/:id/releases',
    {
      config: { access: { perm: 'product:update' } },
      schema: {
        tags,
        summary: 'Add the release notes of a version (update content as per-language JSON)',
        params: idParam,
        body: releaseBody,
        response: { 200: envelope(releaseRow) },
      },
    },
    async (req, reply) => reply.ok(await support.createRelease(db, req.params.id, req.body), 'success.create'),
  );

  app.delete(
    '/product-releases/:id',
    {
      config: { access: { perm: 'product:update' } },
      schema: { tags, summary: 'Delete release notes', params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (req, reply) => {
      await support.deleteRelease(db, req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );

  app.get(
    '/cms/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cms'],
        summary: "Products with their documents and newest release notes (visitor's language)",
        querystring: z.object({ lang: z.enum(['en', 'zh', 'es', 'ja']).optional() }),
        response: { 200: envelope(z.array(publicProduct)) },
      },
    },
    async (req, reply) =>
      reply.ok(
        await support.publicProducts(db, (req.query.lang ?? pickLanguage(req.headers['accept-language'])) as Language),
      ),
  );

  const ptags = ['product problems'];

  app.get(
    '/product-problems',
    {
      config: { access: { perm: 'product:list' } },
      schema: {
        tags: ptags,
        summary: 'Problems reported against products, newest first',
        querystring: problemQuery,
        response: { 200: envelope(page(problemRow)) },
      },
    },
    async (req, reply) => reply.ok(await support.listProblems(db, req.query)),
  );

  app.get(
    '/product-problems/export',
    {
      config: { access: { perm: 'product:export' } },
      schema: {
        tags: ptags,
        summary: 'The filtered problems as a streamed .xlsx, newest first',
        querystring: problemQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => sendXlsx(req, reply, support.problemExport(db, req.query, req.lang)),
  );

  app.post(
    '/product-problems',
    {
      config: { access: { perm: 'product:list' } },
      schema: {
        tags: ptags,
        summary: 'Report a problem',
        body: problemBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (req, reply) => reply.ok(await support.createProblem(db, userOf(req), req.body), 'success.create'),
  );

  app.post(
    '/product-problems/:id/pictures',
    {
      config: { access: { perm: 'product:list' } },
      schema: {
        tags: ptags,
        summary: 'Add a picture (JPG or PNG, at most 2 MB, five a problem)',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: envelope(problemPicture) },
      },
    },
    async (req, reply) => {
      const part = await req.file({ limits: { fileSize: PICTURE_LIMITS.maxBytes + 1, files: 1 } });
      if (!part) throw badRequest('validation.fileRequired');
      return reply.ok(await support.addPicture(db, files, req.params.id, part), 'success.create');
    },
  );

  // the console fetches it with its X-Token and shows it from a blob URL (no token in a URL)
  app.get(
    '/problem-pictures/:id',
    {
      config: { access: { perm: 'product:list' } },
      schema: { tags: ptags, summary: 'A problem picture', params: idParam },
    },
    async (req, reply) => {
      const f = await support.pictureFile(db, files, req.params.id);
      return reply
        .type(f.mime)
        .header('content-length', String(f.size))
        .header(
          'content-disposition',
          disposition('inline', `picture-${req.params.id}.${f.mime === 'image/png' ? 'png' : 'jpg'}`),
        )
        .header('x-content-type-options', 'nosniff')
        .send(f.stream);
    },
  );

  app.post(
    '/product-problems/:id/answer',
    {
      config: { access: { perm: 'product:update' } },
      schema: {
        tags: ptags,
        summary: 'Answer a problem (optionally as a published FAQ)',
        params: idParam,
        body: problemAnswerBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await support.answerProblem(
        db,
        userOf(req),
        pickLanguage(req.headers['accept-language']),
        req.params.id,
        req.body,
      );
      return reply.ok(null, 'success.answer');
    },
  );

  app.post(
    '/product-problems/:id/close',
    {
      config: { access: { perm: 'product:update' } },
      schema: { tags: ptags, summary: 'Close a problem', params: idParam, response: { 200: envelope(z.null()) } },
    },
    async (req, reply) => {
      await support.closeProblem(db, req.params.id);
      return reply.ok(null, 'success.update');
    },
  );

  app.delete(
    '/product-problems/:id',
    {
      config: { access: { perm: 'product:delete' } },
      schema: {
        tags: ptags,
        summary: 'Delete a problem and its pictures',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await support.deleteProblem(db, files, req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );
};
