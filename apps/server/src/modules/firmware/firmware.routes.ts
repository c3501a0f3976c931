import {
  commandRow,
  DEVICE_TYPES,
  envelope,
  firmwareLimits,
  firmwareReleaseNotesBody,
  firmwareRow,
  idParam,
  otaPushBody,
  page,
  pageQuery,
  updateLogRow,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { userOf } from '../../lib/types.js';
import { tokenOf } from '../../plugins/access.js';
import * as firmware from './firmware.service.js';

/** Firmware versions (upload with a size limit, download) and OTA pushes with their update log. */
export const firmwareRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const files = app.files;
  const tags = ['firmware'];

  app.post(
    '/firmware',
    {
      config: { access: { perm: 'firmware:create' } },
      schema: {
        tags,
        summary: 'Upload a firmware file (multipart: version, deviceType, description, then file)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(firmwareRow) },
      },
    },
    async (req, reply) => {
      const part = await req.file();
      if (!part) throw badRequest('validation.fileRequired');
      return reply.ok(await firmware.uploadFirmware(db, files, userOf(req), part), 'success.create');
    },
  );

  app.get(
    '/firmware/limits',
    {
      config: { access: { perm: 'cmd:list' } },
      schema: {
        tags,
        summary: 'The upload limit, so the console refuses a larger file before sending it',
        response: { 200: envelope(firmwareLimits) },
      },
    },
    async (_req, reply) => reply.ok({ maxBytes: app.config.firmwareMaxBytes }),
  );

  app.get(
    '/firmware',
    {
      config: { access: { perm: 'cmd:list' } },
      schema: {
        tags,
        summary: 'Firmware versions',
        querystring: pageQuery.extend({ deviceType: z.enum(DEVICE_TYPES).optional() }),
        response: { 200: envelope(page(firmwareRow)) },
      },
    },
    async (req, reply) => reply.ok(await firmware.listFirmware(db, req.query)),
  );

  app.put(
    '/firmware/:id/release-notes',
    {
      config: { access: { perm: 'firmware:update' } },
      schema: {
        tags,
        summary: "Write a version's release notes (per-language JSON, English required; empty clears them)",
        params: idParam,
        body: firmwareReleaseNotesBody,
        response: { 200: envelope(firmwareRow) },
      },
    },
    async (req, reply) =>
      reply.ok(await firmware.setReleaseNotes(db, req.params.id, req.body.releaseNotes), 'success.update'),
  );

  app.delete(
    '/firmware/:id',
    {
      config: { access: { perm: 'firmware:delete' } },
      schema: {
        tags,
        summary: 'Delete a firmware version',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await firmware.deleteFirmware(db, files, req.params.id);
      return reply.ok(null, 'success.delete');
    },
  );

  // Devices download with their SN and key (X-Device-Sn, X-Device-Key); console users with a session.
  app.get(
    '/firmware/:id/file',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Download a firmware file (device credentials or a session with cmd:list)',
        params: idParam,
      },
    },
    async (req, reply) => {
      const sn = req.headers['x-device-sn'];
      const key = req.headers['x-device-key'];
      const who = typeof sn === 'string' && typeof key === 'string' ? { sn, key } : { token: tokenOf(req) };
      const f = await firmware.firmwareFile({ db, sessions: app.sessions }, files, req.params.id, who);
      return reply
        .type('application/octet-stream')
        .header('content-length', String(f.size))
        .header('content-disposition', `attachment; filename="${f.fileName}"`)
        .header('x-checksum-sha256', f.sha256)
        .send(f.stream);
    },
  );

  app.post(
    '/ota',
    {
      config: { access: { perm: 'device:ota' } },
      schema: {
        tags,
        summary: 'Push an OTA upgrade to a device',
        body: otaPushBody,
        response: { 200: envelope(commandRow) },
      },
    },
    // the app itself as the command's deps: its device link is set once the broker is up
    async (req, reply) => reply.ok(await firmware.pushOta(app, userOf(req), req.body), 'success.push'),
  );

  app.get(
    '/devices/:id/update-log',
    {
      config: { access: { perm: 'device:list' } },
      schema: {
        tags,
        summary: 'OTA progress reported by the device (for a sub device, what its collector reports for it)',
        params: idParam,
        response: { 200: envelope(z.array(updateLogRow)) },
      },
    },
    async (req, reply) => reply.ok(await firmware.updateLog(db, app.dialect, userOf(req), req.params.id)),
  );
};
