import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import {
  API_BASE,
  commandRow,
  envelope,
  firmwareLimits,
  firmwareRow,
  firmwareUploadFields,
  idParam,
  otaPushBody,
  page,
  pageQuery,
  translate,
  updateLogRow,
  DEVICE_TYPES,
  type MessageKey,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { jsonField } from '../../db/dialect.js';
import { hashDeviceKey } from '../../ingest/index.js';
import { ApiError, badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { userOf } from '../../lib/types.js';
import { tokenOf } from '../../plugins/access.js';
import { pushCommand } from '../device/command.routes.js';
import { deviceInScope, deviceVisible } from '../device/device.repository.js';

const toRow = (f: Selectable<Database['firmware']>) => ({
  id: f.id,
  version: f.version,
  deviceType: f.device_type,
  fileName: f.file_name,
  size: f.size,
  sha256: f.sha256,
  description: f.description,
  downloadUrl: `${API_BASE}/firmware/${f.id}/file`,
  createdAt: f.created_at,
});

/** Firmware versions (upload with a size limit, download) and OTA pushes with their update log. */
export const firmwareRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const dir = join(app.config.dataDir, 'files', 'firmware');

  app.post(
    '/firmware',
    {
      config: { access: { perm: 'firmware:create' } },
      schema: {
        tags: ['firmware'],
        summary: 'Upload a firmware file (multipart: version, deviceType, description, then file)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(firmwareRow) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const part = await req.file();
      if (!part) throw badRequest('validation.fileRequired');
      const raw = Object.fromEntries(
        Object.entries(part.fields).flatMap(([k, v]) => (v && !Array.isArray(v) && 'value' in v ? [[k, v.value]] : [])),
      );
      const parsed = firmwareUploadFields.safeParse(raw);
      if (!parsed.success) {
        part.file.resume();
        const issue = parsed.error.issues[0]!;
        throw badRequest(
          issue.message.startsWith('validation.') ? (issue.message as MessageKey) : 'validation.invalid',
          { field: String(issue.path[0]) },
        );
      }
      await mkdir(dir, { recursive: true });
      const tmp = join(dir, `upload-${randomBytes(8).toString('hex')}`);
      const hash = createHash('sha256');
      await pipeline(
        part.file,
        new Transform({ transform: (chunk: Buffer, _e, cb) => (hash.update(chunk), cb(null, chunk)) }),
        createWriteStream(tmp),
      );
      if (part.file.truncated) {
        await rm(tmp, { force: true });
        throw new ApiError(413, 'error.tooLarge');
      }
      const { size } = await stat(tmp);
      if (size === 0) {
        await rm(tmp, { force: true });
        throw badRequest('validation.fileRequired');
      }
      const sha256 = hash.digest('hex');
      const fileName = part.filename.replace(/[^\w.-]+/g, '_').slice(0, 200) || 'firmware.bin';
      await rename(tmp, join(dir, sha256));
      const { version, deviceType, description } = parsed.data;
      const taken = await db
        .selectFrom('firmware')
        .select('id')
        .where('device_type', '=', deviceType)
        .where('version', '=', version)
        .executeTakeFirst();
      if (taken) throw new ApiError(409, 'error.conflict');
      const row = await db
        .insertInto('firmware')
        .values({
          version,
          device_type: deviceType,
          file_name: fileName,
          file_path: sha256,
          size,
          sha256,
          description: description || null,
          created_by: me.id,
          created_at: Date.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { code: 200, msg: translate(req.lang, 'success.create'), data: toRow(row) };
    },
  );

  app.get(
    '/firmware/limits',
    {
      config: { access: { perm: 'cmd:list' } },
      schema: {
        tags: ['firmware'],
        summary: 'The upload limit, so the console refuses a larger file before sending it',
        response: { 200: envelope(firmwareLimits) },
      },
    },
    async (req) => {
      return { code: 200, msg: translate(req.lang, 'success.ok'), data: { maxBytes: app.config.firmwareMaxBytes } };
    },
  );

  app.get(
    '/firmware',
    {
      config: { access: { perm: 'cmd:list' } },
      schema: {
        tags: ['firmware'],
        summary: 'Firmware versions',
        querystring: pageQuery.extend({ deviceType: z.enum(DEVICE_TYPES).optional() }),
        response: { 200: envelope(page(firmwareRow)) },
      },
    },
    async (req) => {
      const { pageNum, pageSize, deviceType } = req.query;
      let q = db.selectFrom('firmware');
      if (deviceType) q = q.where('device_type', '=', deviceType);
      const [{ total }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        q
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
      ]);
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: { rows: rows.map(toRow), total: Number(total) },
      };
    },
  );

  app.delete(
    '/firmware/:id',
    {
      config: { access: { perm: 'firmware:delete' } },
      schema: {
        tags: ['firmware'],
        summary: 'Delete a firmware version',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const f = await db.selectFrom('firmware').selectAll().where('id', '=', req.params.id).executeTakeFirst();
      if (!f) throw notFound();
      await db.deleteFrom('firmware').where('id', '=', f.id).execute();
      const shared = await db
        .selectFrom('firmware')
        .select('id')
        .where('file_path', '=', f.file_path)
        .executeTakeFirst();
      if (!shared) await rm(join(dir, f.file_path), { force: true });
      return { code: 200, msg: translate(req.lang, 'success.delete'), data: null };
    },
  );

  // Devices download with their SN and key (X-Device-Sn, X-Device-Key); console users with a session.
  app.get(
    '/firmware/:id/file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['firmware'],
        summary: 'Download a firmware file (device credentials or a session with cmd:list)',
        params: idParam,
      },
    },
    async (req, reply) => {
      const sn = req.headers['x-device-sn'];
      const key = req.headers['x-device-key'];
      if (typeof sn === 'string' && typeof key === 'string') {
        const d = await db.selectFrom('devices').select('secret_hash').where('sn', '=', sn).executeTakeFirst();
        if (!d?.secret_hash || d.secret_hash !== hashDeviceKey(key)) throw unauthorized('error.deviceCredentials');
      } else {
        const token = tokenOf(req);
        const user = token ? await app.sessions.userOf(token) : undefined;
        if (!user) throw unauthorized();
        if (!user.perms.has('cmd:list')) throw new ApiError(403, 'error.forbidden');
      }
      const f = await db.selectFrom('firmware').selectAll().where('id', '=', req.params.id).executeTakeFirst();
      if (!f) throw notFound();
      return reply
        .type('application/octet-stream')
        .header('content-length', String(f.size))
        .header('content-disposition', `attachment; filename="${f.file_name}"`)
        .header('x-checksum-sha256', f.sha256)
        .send(createReadStream(join(dir, f.file_path)));
    },
  );

  app.post(
    '/ota',
    {
      config: { access: { perm: 'device:ota' } },
      schema: {
        tags: ['firmware'],
        summary: 'Push an OTA upgrade to a device',
        body: otaPushBody,
        response: { 200: envelope(commandRow) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      const device = await deviceInScope(db, me, { sn: b.sn });
      if (!device) throw notFound();
      const fw = await db.selectFrom('firmware').selectAll().where('id', '=', b.firmwareId).executeTakeFirst();
      if (!fw) throw notFound();
      if (fw.device_type !== b.deviceType || fw.version !== b.version) throw badRequest('error.firmwareMismatch');
      // what is upgraded: the device itself (sub SN = its SN) or one of its sub devices (a
      // collector's inverter), and its type must be the firmware's
      const target =
        b.subSn === device.sn
          ? device
          : await db
              .selectFrom('devices')
              .select(['type'])
              .where('sn', '=', b.subSn)
              .where('parent_id', '=', device.id)
              .executeTakeFirst();
      if (!target) throw badRequest('error.otaTarget', { subSn: b.subSn, sn: device.sn });
      if (target.type !== fw.device_type) throw badRequest('error.firmwareMismatch');
      const data = await pushCommand(
        app,
        device,
        'ota',
        {
          version: fw.version,
          url: toRow(fw).downloadUrl,
          sha256: fw.sha256,
          size: fw.size,
          order: b.order,
          subSn: b.subSn,
          oldSubSn: b.oldSubSn,
        },
        me.id,
      );
      return { code: 200, msg: translate(req.lang, 'success.push'), data };
    },
  );

  app.get(
    '/devices/:id/update-log',
    {
      config: { access: { perm: 'device:list' } },
      schema: {
        tags: ['firmware'],
        summary: 'OTA progress reported by the device (for a sub device, what its collector reports for it)',
        params: idParam,
        response: { 200: envelope(z.array(updateLogRow)) },
      },
    },
    async (req) => {
      const device = await deviceVisible(db, userOf(req), { id: req.params.id });
      if (!device) throw notFound();
      // a sub device is upgraded through its collector, which reports the progress: the events of
      // the collector's OTA commands aimed at this sub SN are the sub device's log too
      const subSn = jsonField(app.dialect, 'c.params', 'subSn', 'text');
      const parentId = device.parent_id;
      const rows = await db
        .selectFrom('ota_events as e')
        .leftJoin('commands as c', 'c.cmd_id', 'e.cmd_id')
        .select(['e.cmd_id', 'e.version', 'e.progress', 'e.ts', 'c.status'])
        .where((eb) =>
          parentId === null
            ? eb('e.device_id', '=', device.id)
            : eb.or([
                eb('e.device_id', '=', device.id),
                eb.and([eb('c.device_id', '=', parentId), eb('c.kind', '=', 'ota'), eb(subSn, '=', device.sn)]),
              ]),
        )
        .orderBy('e.ts', 'desc')
        .limit(500)
        .execute();
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: rows.map((r) => ({
          cmdId: r.cmd_id,
          version: r.version,
          progress: r.progress,
          status: r.status ?? 'unknown',
          ts: r.ts,
        })),
      };
    },
  );
};
