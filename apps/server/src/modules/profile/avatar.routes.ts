import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_BASE, envelope, translate, UPLOAD_IMAGE_MAX_BYTES } from '@pv/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { userOf } from '../../lib/types.js';

const AVATAR_URL = `${API_BASE}/avatars/`;
const FILE_RE = /^[a-f0-9]{64}\.(png|jpg)$/;
const TYPES: Record<string, { ext: 'png' | 'jpg'; mime: string }> = {
  png: { ext: 'png', mime: 'image/png' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
};

/** Your avatar: a JPG or PNG of at most 2 MB, checked by its content; served to any signed-in user. */
export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const dir = join(app.config.dataDir, 'files', 'avatars');

  app.post(
    '/profile/avatar',
    {
      config: { access: 'session', audit: { action: 'update', entity: 'avatar' } },
      schema: {
        tags: ['user center'],
        summary: 'Upload your avatar (multipart field "file": JPG or PNG, at most 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ avatar: z.string() })) },
      },
    },
    async (req) => {
      const me = userOf(req);
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
      if (buffer.length === 0) throw badRequest('validation.fileRequired');
      // the content decides, never the name or the declared type
      const type = await fileTypeFromBuffer(buffer);
      const kind = type && TYPES[type.ext];
      if (!kind) throw new ApiError(415, 'validation.imageType');
      const name = `${createHash('sha256').update(buffer).digest('hex')}.${kind.ext}`;
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, name), buffer);
      const old = await db.selectFrom('users').select('avatar').where('id', '=', me.id).executeTakeFirstOrThrow();
      const avatar = `${AVATAR_URL}${name}`;
      await db.updateTable('users').set({ avatar }).where('id', '=', me.id).execute();
      // the previous picture goes when nobody else uses it
      if (old.avatar.startsWith(AVATAR_URL) && old.avatar !== avatar) {
        const shared = await db.selectFrom('users').select('id').where('avatar', '=', old.avatar).executeTakeFirst();
        const oldName = old.avatar.slice(AVATAR_URL.length);
        if (!shared && FILE_RE.test(oldName)) await rm(join(dir, oldName), { force: true });
      }
      req.auditNote = { recordId: me.id, summary: `${kind.mime}, ${buffer.length} bytes` };
      return { code: 200, msg: translate(req.lang, 'org.avatarSaved'), data: { avatar } };
    },
  );

  app.get(
    '/avatars/:file',
    {
      config: { access: 'session' },
      schema: {
        tags: ['user center'],
        summary: 'An avatar picture (any signed-in user)',
        params: z.object({ file: z.string().max(80) }),
      },
    },
    async (req, reply) => {
      const { file } = req.params;
      if (!FILE_RE.test(file)) throw notFound();
      const path = join(dir, file);
      const found = await stat(path).catch(() => undefined);
      if (!found?.isFile()) throw notFound();
      return reply
        .type(TYPES[file.slice(-3)]!.mime)
        .header('content-length', found.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(createReadStream(path));
    },
  );
};
