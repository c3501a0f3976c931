import { envelope, UPLOAD_IMAGE_MAX_BYTES } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest } from '../../lib/errors.js';
import { userOf } from '../../lib/types.js';
import * as profiles from './profile.service.js';

/** Your avatar: a JPG or PNG of at most 2 MB, checked by its content; served to any signed-in user. */
export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user center'];

  app.post(
    '/profile/avatar',
    {
      config: { access: 'session', audit: { action: 'update', entity: 'avatar' } },
      schema: {
        tags,
        summary: 'Upload your avatar (multipart field "file": JPG or PNG, at most 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ avatar: z.string() })) },
      },
    },
    async (req, reply) => {
      const part = await req.file({ limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: 1 } });
      if (!part) throw badRequest('validation.fileRequired');
      let buffer: Buffer;
      try {
        buffer = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new ApiError(413, 'validation.imageSize');
        throw err;
      }
      if (part.file.truncated) throw new ApiError(413, 'validation.imageSize');
      const { data, note } = await profiles.saveAvatar(app.db, app.files, userOf(req), buffer);
      req.auditNote = note;
      return reply.ok(data, 'org.avatarSaved');
    },
  );

  app.get(
    '/avatars/:file',
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'An avatar picture (any signed-in user)',
        params: z.object({ file: z.string().max(80) }),
      },
    },
    async (req, reply) => {
      const { stream, size, mime } = await profiles.avatarFile(app.files, req.params.file);
      return reply
        .type(mime)
        .header('content-length', size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(stream);
    },
  );
};
