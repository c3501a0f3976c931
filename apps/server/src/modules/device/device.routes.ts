import {
  deviceBindBody,
  deviceCreateBody,
  deviceCreatedData,
  deviceDeleteQuery,
  deviceDetail,
  deviceKeyData,
  deviceListFilters,
  deviceListQuery,
  deviceRow,
  deviceUpdateBody,
  envelope,
  idParam,
  page,
  productOption,
  scopedOrgOption,
  UP_KINDS,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../lib/types.js';
import { sendXlsx } from '../../lib/xlsx-export.js';
import { refreshPlantsSoon } from '../plant/index.js';
import * as options from './device-options.service.js';
import * as devices from './device.service.js';

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['devices'];
  const deps = (): devices.DeviceDeps => ({ db, ingest: app.ingest, plantsChanged: () => refreshPlantsSoon(app) });

  app.get(
    '/devices',
    {
      config: { access: { perm: 'device:list' } },
      schema: {
        tags,
        summary: 'Devices in your data scope, paged and filtered',
        querystring: deviceListQuery,
        response: { 200: envelope(page(deviceRow)) },
      },
    },
    async (req, reply) => reply.ok(await devices.listDevices(db, userOf(req), req.query)),
  );

  // option lists of the device screens, scoped to the caller (the admin lists need admin permissions)
  app.get(
    '/options/products',
    {
      config: { access: { perm: 'device:list' } },
      schema: {
        tags,
        summary: 'Products for the device filters and forms (the whole catalogue, by name)',
        response: { 200: envelope(z.array(productOption)) },
      },
    },
    async (_req, reply) => reply.ok(await options.productOptions(db)),
  );

  app.get(
    '/options/orgs',
    {
      config: { access: { perm: 'device:list' } },
      schema: {
        tags,
        summary:
          'Organisations of your data scope for the device filters, parents first (parentId null at the top of what you see)',
        response: { 200: envelope(z.array(scopedOrgOption)) },
      },
    },
    async (req, reply) => reply.ok(await options.orgOptions(db, userOf(req))),
  );

  app.get(
    '/devices/export',
    {
      config: { access: { perm: 'device:export' } },
      schema: {
        tags,
        summary: 'The filtered device list as a streamed .xlsx',
        querystring: deviceListFilters,
      },
    },
    async (req, reply) => sendXlsx(req, reply, devices.exportDevices(db, userOf(req), req.query, req.lang)),
  );

  app.get(
    '/devices/:id',
    {
      config: { access: { perm: 'device:list' } },
      schema: {
        tags,
        summary:
          'One device with its latest points and its production today, this month, this year and in total (404 outside your scope and your plant grants)',
        params: idParam,
        response: { 200: envelope(deviceDetail) },
      },
    },
    async (req, reply) => reply.ok(await devices.deviceDetail(db, userOf(req), req.params.id)),
  );

  // Devices without MQTT post the same JSON over HTTP with their SN and key (the device protocol).
  app.post(
    '/devices/:sn/:kind',
    {
      config: { access: 'public' },
      schema: {
        tags: ['device protocol'],
        summary: 'Telemetry, events or acks from a device over HTTP (X-Device-Key header)',
        params: z.object({ sn: z.string().min(1).max(64), kind: z.enum(UP_KINDS) }),
        headers: z.object({ 'x-device-key': z.string().min(1).max(128) }),
        body: z.unknown(),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      const { sn, kind } = req.params;
      await devices.submitFromDevice(
        { db, ingest: app.ingest, log: req.log },
        sn,
        kind,
        req.headers['x-device-key'],
        req.body,
      );
      return reply.ok(null);
    },
  );

  app.post(
    '/devices',
    {
      config: { access: { perm: 'device:create' } },
      schema: {
        tags,
        summary:
          'Register a device (or a sub device under a collector, by parentSn); its key is answered once (a sub device has none)',
        body: deviceCreateBody,
        response: { 200: envelope(deviceCreatedData) },
      },
    },
    async (req, reply) => reply.ok(await devices.createDevice(db, userOf(req), req.body), 'success.create'),
  );

  app.put(
    '/devices/:id',
    {
      config: { access: { perm: 'device:update' } },
      schema: {
        tags,
        summary: 'Edit a device (parentSn moves it under a collector, null makes it a device of its own)',
        params: idParam,
        body: deviceUpdateBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await devices.updateDevice(deps(), userOf(req), req.params.id, req.body);
      return reply.ok(null, 'success.update');
    },
  );

  app.post(
    '/devices/:id/key',
    {
      config: { access: { perm: 'device:update' } },
      schema: {
        tags,
        summary: 'Rotate the device key; the new key is answered once',
        params: idParam,
        response: { 200: envelope(deviceKeyData) },
      },
    },
    async (req, reply) => reply.ok(await devices.rotateDeviceKey(db, userOf(req), req.params.id), 'success.update'),
  );

  app.put(
    '/devices/:id/bind',
    {
      config: { access: { perm: 'device:bind' } },
      schema: {
        tags,
        summary: 'Bind a device (and its sub devices) to a plant',
        params: idParam,
        body: deviceBindBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await devices.bindDevice(deps(), userOf(req), req.params.id, req.body.plantId);
      return reply.ok(null, 'success.setting');
    },
  );

  app.put(
    '/devices/:id/unbind',
    {
      config: { access: { perm: 'device:unbind' } },
      schema: {
        tags,
        summary: 'Unbind a device (and its sub devices) from its plant',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await devices.unbindDevice(deps(), userOf(req), req.params.id);
      return reply.ok(null, 'success.unbind');
    },
  );

  app.delete(
    '/devices/:id',
    {
      config: { access: { perm: 'device:delete' } },
      schema: {
        tags,
        summary:
          'Delete a device with its plant binding, sub devices and data; withPlant=true also deletes its bound plant as DELETE /plants/:id does (plant:delete, the plant in your organisation scope)',
        params: idParam,
        querystring: deviceDeleteQuery,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      const { sn, plant } = await devices.deleteDevice(
        deps(),
        userOf(req),
        req.params.id,
        req.query.withPlant === 'true',
      );
      // the audit log names the plant that went with the device
      if (plant) req.auditNote = { summary: `${sn} with plant ${plant.name} (#${plant.id})` };
      return reply.ok(null, 'success.delete');
    },
  );
};
