import { PassThrough } from 'node:stream';
import {
  deviceBindBody,
  deviceCreateBody,
  deviceCreatedData,
  deviceDeleteQuery,
  deviceDetail,
  deviceKeyData,
  isSubDeviceType,
  deviceListFilters,
  deviceListQuery,
  deviceRow,
  deviceUpdateBody,
  envelope,
  idParam,
  page,
  translate,
  UP_KINDS,
  type DeviceListQuery,
  type DeviceSortField,
  type PointValue,
} from '@pv/contract';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { deviceKeyColumns, hashDeviceKey, IngestRejected, newDeviceKey } from '../../ingest/index.js';
import { ApiError, badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { inScope } from '../../lib/scope.js';
import { deletePlantRows, refreshPlantsSoon } from '../plant/plant-changes.js';
import { plantInScope } from '../plant/plant.repository.js';
import { deviceEnergy, deviceInScope, deviceVisibleWhere, parentInScope } from './device.repository.js';
import type { SessionUser } from '../../lib/types.js';
import { userOf } from '../../lib/types.js';

type Filters = Omit<DeviceListQuery, 'pageNum' | 'pageSize' | 'sortField' | 'sortOrder'>;

/** The device list's query: the data scope (and, for reads of one device, `granted` plants too). */
function base(db: Kysely<Database>, me: SessionUser, q: Filters, granted = false) {
  let s = db
    .selectFrom('devices as d')
    .innerJoin('orgs as o', 'o.id', 'd.org_id')
    .leftJoin('plants as p', 'p.id', 'd.plant_id')
    .leftJoin('products as pr', 'pr.id', 'd.product_id')
    .leftJoin('devices as parent', 'parent.id', 'd.parent_id')
    .where(granted ? deviceVisibleWhere(me) : inScope(me, 'o'));
  if (q.sn) s = s.where('d.sn', 'like', `%${q.sn}%`);
  if (q.type) s = s.where('d.type', '=', q.type);
  if (q.productId) s = s.where('d.product_id', '=', q.productId);
  if (q.orgId) s = s.where('d.org_id', '=', q.orgId);
  if (q.onlineState) s = s.where('d.online_state', '=', q.onlineState);
  if (q.runState) s = s.where('d.run_state', '=', q.runState);
  if (q.plantId) s = s.where('d.plant_id', '=', q.plantId);
  if (q.plant) s = s.where('p.name', 'like', `%${q.plant}%`);
  if (q.parentId) s = s.where('d.parent_id', '=', q.parentId);
  return s;
}

const SORT_COLUMNS = {
  id: 'd.id',
  sn: 'd.sn',
  name: 'd.name',
  type: 'd.type',
  onlineState: 'd.online_state',
  runState: 'd.run_state',
  lastOnlineAt: 'd.last_online_at',
  plantName: 'p.name',
} as const satisfies Record<DeviceSortField, string>;

const cols = [
  'd.id',
  'd.sn',
  'd.name',
  'd.type',
  'd.product_id',
  'pr.name as product_name',
  'd.plant_id',
  'p.name as plant_name',
  'd.org_id',
  'o.name as org_name',
  'parent.sn as parent_sn',
  'd.mac',
  'd.comm_mode',
  'd.online_state',
  'd.run_state',
  'd.hw_version',
  'd.sw_version',
  'd.protocol_version',
  'd.last_online_at',
  'd.last_points',
] as const;

type Row = {
  id: number;
  sn: string;
  name: string;
  type: Database['devices']['type'];
  product_id: number | null;
  product_name: string | null;
  plant_id: number | null;
  plant_name: string | null;
  org_id: number;
  org_name: string;
  parent_sn: string | null;
  mac: string | null;
  comm_mode: string;
  online_state: Database['devices']['online_state'];
  run_state: Database['devices']['run_state'];
  hw_version: string | null;
  sw_version: string | null;
  protocol_version: string | null;
  last_online_at: number | null;
  last_points: string | null;
  sub_count: number | string | null;
};

/** The list's columns plus the number of sub devices (an indexed count per row of the page). */
function selectRows(q: ReturnType<typeof base>) {
  return q.select([...cols]).select((eb) =>
    eb
      .selectFrom('devices as c')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('c.parent_id', '=', 'd.id')
      .as('sub_count'),
  );
}

const toRow = (r: Row) => ({
  id: r.id,
  sn: r.sn,
  name: r.name,
  type: r.type,
  productId: r.product_id,
  productName: r.product_name,
  plantId: r.plant_id,
  plantName: r.plant_name,
  orgId: r.org_id,
  orgName: r.org_name,
  parentSn: r.parent_sn,
  mac: r.mac,
  commMode: r.comm_mode,
  onlineState: r.online_state,
  runState: r.run_state,
  hwVersion: r.hw_version,
  swVersion: r.sw_version,
  protocolVersion: r.protocol_version,
  lastOnlineAt: r.last_online_at,
  points: r.last_points ? (JSON.parse(r.last_points) as Record<string, PointValue>) : null,
  subCount: Number(r.sub_count ?? 0),
});

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/devices',
    {
      config: { access: { perm: 'device:list' } },
      schema: {
        tags: ['devices'],
        summary: 'Devices in your data scope, paged and filtered',
        querystring: deviceListQuery,
        response: { 200: envelope(page(deviceRow)) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const { pageNum, pageSize, sortField, sortOrder, ...filters } = req.query;
      const dir = sortOrder ?? 'asc';
      let list = selectRows(base(db, me, filters));
      // nulls (never online, unbound) last either way; the id keeps equal values in a stable order
      if (sortField && sortField !== 'id')
        list = list.orderBy(sql`${sql.ref(SORT_COLUMNS[sortField])} is null`).orderBy(SORT_COLUMNS[sortField], dir);
      list = list.orderBy('d.id', sortField === 'id' ? dir : 'asc');
      const [{ total }, rows] = await Promise.all([
        base(db, me, filters)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
        list
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

  app.get(
    '/devices/export',
    {
      config: { access: { perm: 'device:export' } },
      schema: {
        tags: ['devices'],
        summary: 'The filtered device list as a streamed .xlsx',
        querystring: deviceListFilters,
      },
    },
    async (req, reply) => {
      const me = userOf(req);
      const { sortField: _f, sortOrder: _o, ...filters } = req.query;
      const tr = (key: string) => translate(req.lang, key);
      const stream = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
      const sheet = workbook.addWorksheet(tr('deviceExport.sheet'));
      const keys = [
        'id',
        'name',
        'sn',
        'productName',
        'type',
        'commMode',
        'onlineState',
        'runState',
        'hwVersion',
        'swVersion',
        'protocolVersion',
        'lastOnlineAt',
        'plantName',
        'orgName',
        'parentSn',
        'subCount',
      ] as const;
      sheet.columns = keys.map((key) => ({
        header: tr(`deviceExport.${key}`),
        key,
        width: key === 'id' || key === 'subCount' ? 10 : 20,
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      void (async () => {
        try {
          // keyset batches in id order: a 100k-device export never sits in memory
          for (let after = 0; ;) {
            const rows = await selectRows(base(db, me, filters))
              .where('d.id', '>', after)
              .orderBy('d.id')
              .limit(500)
              .execute();
            if (!rows.length) break;
            for (const r of rows.map(toRow)) {
              sheet
                .addRow({
                  ...r,
                  onlineState: tr(`deviceExport.state.${r.onlineState}`),
                  runState: tr(`deviceExport.state.${r.runState}`),
                  lastOnlineAt: r.lastOnlineAt ? new Date(r.lastOnlineAt) : null,
                })
                .commit();
            }
            after = rows[rows.length - 1]!.id;
          }
          sheet.commit();
          await workbook.commit();
        } catch (err) {
          req.log.error({ err }, 'device export failed');
          stream.destroy(err as Error);
        }
      })();
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="devices.xlsx"')
        .send(stream);
    },
  );

  app.get(
    '/devices/:id',
    {
      config: { access: { perm: 'device:list' } },
      schema: {
        tags: ['devices'],
        summary:
          'One device with its latest points and its production today, this month, this year and in total (404 outside your scope and your plant grants)',
        params: idParam,
        response: { 200: envelope(deviceDetail) },
      },
    },
    async (req) => {
      const row = await selectRows(base(db, userOf(req), {}, true))
        .select('p.time_zone')
        .where('d.id', '=', req.params.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: { ...toRow(row), energy: await deviceEnergy(db, row.id, row.time_zone, Date.now()) },
      };
    },
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
    async (req) => {
      const device = await db
        .selectFrom('devices')
        .select('secret_hash')
        .where('sn', '=', req.params.sn)
        .executeTakeFirst();
      if (!device?.secret_hash || device.secret_hash !== hashDeviceKey(req.headers['x-device-key'])) {
        app.ingest.stats.refusedHttp++;
        req.log.warn({ sn: req.params.sn }, 'device HTTP request refused: unknown SN or wrong key');
        throw unauthorized('error.deviceCredentials');
      }
      try {
        await app.ingest.submit(req.params.sn, req.params.kind, req.body);
      } catch (err) {
        if (err instanceof IngestRejected) throw new ApiError(400, 'error.badPayload', { reason: err.message });
        throw err;
      }
      return { code: 200, msg: translate(req.lang, 'success.ok'), data: null };
    },
  );

  const ok = (lang: string, key: Parameters<typeof translate>[1]) => ({
    code: 200,
    msg: translate(lang, key),
    data: null,
  });

  /**
   * The collector a device of `type` is to report through: only inverters, batteries and meters
   * report through one (400); the collector must be in the caller's scope (404) and be a collector (400).
   */
  const collectorFor = async (me: SessionUser, sn: string, type: string) => {
    if (!isSubDeviceType(type)) throw badRequest('error.subDeviceType');
    const parent = await parentInScope(db, me, sn);
    if (!parent) throw notFound();
    if (parent.type !== 'collector') throw badRequest('error.parentNotCollector', { sn: parent.sn });
    return parent;
  };
  const parentOf = (device: { parent_id: number | null }) =>
    device.parent_id === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('devices')
          .select(['id', 'sn', 'org_id', 'plant_id'])
          .where('id', '=', device.parent_id)
          .executeTakeFirst();

  app.post(
    '/devices',
    {
      config: { access: { perm: 'device:create' } },
      schema: {
        tags: ['devices'],
        summary:
          'Register a device (or a sub device under a collector, by parentSn); its key is answered once (a sub device has none)',
        body: deviceCreateBody,
        response: { 200: envelope(deviceCreatedData) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      // a sub device reports through its collector: the collector's organisation and plant, no key of its own
      const parent = b.parentSn ? await collectorFor(me, b.parentSn, b.type) : undefined;
      if (parent && b.plantId != null && b.plantId !== parent.plant_id)
        throw badRequest('error.subDevicePlant', { sn: parent.sn });
      const plant = !parent && b.plantId ? await plantInScope(db, me, b.plantId) : undefined;
      if (!parent && b.plantId && !plant) throw notFound();
      if (await db.selectFrom('devices').select('id').where('sn', '=', b.sn).executeTakeFirst())
        throw new ApiError(409, 'error.snTaken');
      const deviceKey = parent ? null : newDeviceKey();
      const { id } = await db
        .insertInto('devices')
        .values({
          sn: b.sn,
          name: b.name,
          type: b.type,
          product_id: b.productId ?? null,
          org_id: parent?.org_id ?? plant?.org_id ?? me.orgId,
          plant_id: parent ? parent.plant_id : (plant?.id ?? null),
          parent_id: parent?.id ?? null,
          ...(deviceKey ? deviceKeyColumns(deviceKey) : { secret_hash: null }),
          mac: b.mac ?? null,
          comm_mode: parent ? 'collector' : b.commMode,
          online_state: 'inactive',
          run_state: 'normal',
          hw_version: null,
          sw_version: null,
          protocol_version: null,
          last_online_at: null,
          last_points: null,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return {
        code: 200,
        msg: translate(req.lang, 'success.create'),
        data: { id, sn: b.sn, deviceKey, parentSn: parent?.sn ?? null },
      };
    },
  );

  app.put(
    '/devices/:id',
    {
      config: { access: { perm: 'device:update' } },
      schema: {
        tags: ['devices'],
        summary: 'Edit a device (parentSn moves it under a collector, null makes it a device of its own)',
        params: idParam,
        body: deviceUpdateBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const device = await deviceInScope(db, me, { id: req.params.id });
      if (!device) throw notFound();
      const b = req.body;
      const current = await parentOf(device);
      // undefined: not a sub device (any more)
      const parent =
        b.parentSn === undefined || b.parentSn === current?.sn
          ? current
          : b.parentSn === null
            ? undefined
            : await collectorFor(me, b.parentSn, device.type);
      if (parent && b.plantId !== undefined && b.plantId !== parent.plant_id)
        throw badRequest('error.subDevicePlant', { sn: parent.sn });
      if (!parent && b.plantId && !(await plantInScope(db, me, b.plantId))) throw notFound();
      const common = {
        ...(b.name !== undefined && { name: b.name }),
        ...(b.productId !== undefined && { product_id: b.productId }),
        ...(b.mac !== undefined && { mac: b.mac }),
      };
      await db.transaction().execute(async (trx) => {
        if (parent) {
          // a device moved under a collector signs in through it from now on: its own key goes
          await trx
            .updateTable('devices')
            .set({
              ...common,
              parent_id: parent.id,
              org_id: parent.org_id,
              plant_id: parent.plant_id,
              comm_mode: 'collector',
              ...(device.parent_id === null && { secret_hash: null, broker_hash: null }),
            })
            .where('id', '=', device.id)
            .execute();
          return;
        }
        // a former sub device keeps its organisation and plant and has no key until one is rotated for it
        const commMode = b.commMode ?? (device.parent_id !== null ? 'mqtt' : undefined);
        await trx
          .updateTable('devices')
          .set({
            ...common,
            ...(device.parent_id !== null && { parent_id: null }),
            ...(b.plantId !== undefined && { plant_id: b.plantId }),
            ...(commMode !== undefined && { comm_mode: commMode }),
          })
          .where('id', '=', device.id)
          .execute();
        // a collector's sub devices follow its plant
        if (b.plantId !== undefined)
          await trx.updateTable('devices').set({ plant_id: b.plantId }).where('parent_id', '=', device.id).execute();
      });
      app.ingest.invalidate(device.sn);
      return ok(req.lang, 'success.update');
    },
  );

  app.post(
    '/devices/:id/key',
    {
      config: { access: { perm: 'device:update' } },
      schema: {
        tags: ['devices'],
        summary: 'Rotate the device key; the new key is answered once',
        params: idParam,
        response: { 200: envelope(deviceKeyData) },
      },
    },
    async (req) => {
      const device = await deviceInScope(db, userOf(req), { id: req.params.id });
      if (!device) throw notFound();
      const parent = await parentOf(device);
      if (parent) throw badRequest('error.subDeviceNoKey', { sn: parent.sn });
      const deviceKey = newDeviceKey();
      await db.updateTable('devices').set(deviceKeyColumns(deviceKey)).where('id', '=', device.id).execute();
      return {
        code: 200,
        msg: translate(req.lang, 'success.update'),
        data: { id: device.id, sn: device.sn, deviceKey },
      };
    },
  );

  app.put(
    '/devices/:id/bind',
    {
      config: { access: { perm: 'device:bind' } },
      schema: {
        tags: ['devices'],
        summary: 'Bind a device (and its sub devices) to a plant',
        params: idParam,
        body: deviceBindBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const device = await deviceInScope(db, me, { id: req.params.id });
      const plant = await plantInScope(db, me, req.body.plantId);
      if (!device || !plant) throw notFound();
      const parent = await parentOf(device);
      if (parent) throw badRequest('error.subDevicePlant', { sn: parent.sn });
      // one statement: the collector and its sub devices move together or not at all
      await db
        .updateTable('devices')
        .set({ plant_id: plant.id })
        .where((eb) => eb.or([eb('id', '=', device.id), eb('parent_id', '=', device.id)]))
        .execute();
      app.ingest.invalidate();
      return ok(req.lang, 'success.setting');
    },
  );

  app.put(
    '/devices/:id/unbind',
    {
      config: { access: { perm: 'device:unbind' } },
      schema: {
        tags: ['devices'],
        summary: 'Unbind a device (and its sub devices) from its plant',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const device = await deviceInScope(db, userOf(req), { id: req.params.id });
      if (!device) throw notFound();
      const parent = await parentOf(device);
      if (parent) throw badRequest('error.subDevicePlant', { sn: parent.sn });
      if (device.plant_id === null) throw badRequest('error.deviceNotBound');
      await db
        .updateTable('devices')
        .set({ plant_id: null })
        .where((eb) => eb.or([eb('id', '=', device.id), eb('parent_id', '=', device.id)]))
        .execute();
      app.ingest.invalidate();
      return ok(req.lang, 'success.unbind');
    },
  );

  app.delete(
    '/devices/:id',
    {
      config: { access: { perm: 'device:delete' } },
      schema: {
        tags: ['devices'],
        summary:
          'Delete a device with its plant binding, sub devices and data; withPlant=true also deletes its bound plant as DELETE /plants/:id does (plant:delete, the plant in your organisation scope)',
        params: idParam,
        querystring: deviceDeleteQuery,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const device = await deviceInScope(db, me, { id: req.params.id });
      if (!device) throw notFound();
      // every check before anything is written: a refused plant leaves the device too
      const withPlant = req.query.withPlant === 'true';
      if (withPlant && !me.perms.has('plant:delete')) throw new ApiError(403, 'error.plantDeleteForbidden');
      // a device no longer bound (a second device of a plant deleted a moment ago) goes alone
      let plant: { id: number; name: string } | undefined;
      if (withPlant && device.plant_id !== null) {
        // a sub device is bound through its collector: its plant goes with the collector only
        const parent = await parentOf(device);
        if (parent) throw badRequest('error.subDevicePlantDelete', { sn: parent.sn });
        plant = await plantInScope(db, me, device.plant_id);
        if (!plant) throw new ApiError(403, 'error.boundPlantOutOfScope', { sn: device.sn });
      }
      await db.transaction().execute(async (trx) => {
        const ids = [
          device.id,
          ...(await trx.selectFrom('devices').select('id').where('parent_id', '=', device.id).execute()).map(
            (d) => d.id,
          ),
        ];
        // children first; samples, rollups, counters, faults and commands go with them (cascade)
        for (const table of ['samples', 'device_daily', 'device_counters', 'faults', 'commands'] as const)
          await trx.deleteFrom(table).where('device_id', 'in', ids).execute();
        await trx.deleteFrom('devices').where('parent_id', '=', device.id).execute();
        await trx.deleteFrom('devices').where('id', '=', device.id).execute();
        // the plant's other devices are unbound and kept with their data
        if (plant) await deletePlantRows(trx, plant.id);
      });
      app.ingest.invalidate();
      if (plant) {
        refreshPlantsSoon(app);
        req.auditNote = { summary: `${device.sn} with plant ${plant.name} (#${plant.id})` };
      }
      return ok(req.lang, 'success.delete');
    },
  );
};
