import { API_BASE, deviceListQuery, deviceRow, envelope, idParam, page, translate, UP_KINDS, type DeviceListQuery } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { hashDeviceKey } from '../../ingest/broker.js';
import { IngestRejected } from '../../ingest/pipeline.js';
import { ApiError, notFound, unauthorized } from '../../lib/errors.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import { userOf } from '../../lib/types.js';

function base(db: Kysely<Database>, me: SessionUser, q: Omit<DeviceListQuery, 'pageNum' | 'pageSize'>) {
  let s = db
    .selectFrom('devices as d')
    .innerJoin('orgs as o', 'o.id', 'd.org_id')
    .leftJoin('plants as p', 'p.id', 'd.plant_id')
    .leftJoin('products as pr', 'pr.id', 'd.product_id')
    .leftJoin('devices as parent', 'parent.id', 'd.parent_id')
    .where(inScope(me, 'o'));
  if (q.sn) s = s.where('d.sn', 'like', `%${q.sn}%`);
  if (q.type) s = s.where('d.type', '=', q.type);
  if (q.onlineState) s = s.where('d.online_state', '=', q.onlineState);
  if (q.runState) s = s.where('d.run_state', '=', q.runState);
  if (q.plantId) s = s.where('d.plant_id', '=', q.plantId);
  return s;
}

const cols = ['d.id', 'd.sn', 'd.name', 'd.type', 'pr.name as product_name', 'd.plant_id', 'p.name as plant_name', 'o.name as org_name', 'parent.sn as parent_sn', 'd.comm_mode', 'd.online_state', 'd.run_state', 'd.hw_version', 'd.sw_version', 'd.protocol_version', 'd.last_online_at', 'd.last_points'] as const;

type Row = { id: number; sn: string; name: string; type: Database['devices']['type']; product_name: string | null; plant_id: number | null; plant_name: string | null; org_name: string; parent_sn: string | null; comm_mode: string; online_state: Database['devices']['online_state']; run_state: Database['devices']['run_state']; hw_version: string | null; sw_version: string | null; protocol_version: string | null; last_online_at: number | null; last_points: string | null };

const toRow = (r: Row) => ({
  id: r.id,
  sn: r.sn,
  name: r.name,
  type: r.type,
  productName: r.product_name,
  plantId: r.plant_id,
  plantName: r.plant_name,
  orgName: r.org_name,
  parentSn: r.parent_sn,
  commMode: r.comm_mode,
  onlineState: r.online_state,
  runState: r.run_state,
  hwVersion: r.hw_version,
  swVersion: r.sw_version,
  protocolVersion: r.protocol_version,
  lastOnlineAt: r.last_online_at,
  points: r.last_points ? (JSON.parse(r.last_points) as Record<string, number>) : null,
});

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(`${API_BASE}/devices`, { config: { access: { perm: 'device:list' } }, schema: { tags: ['devices'], summary: 'Devices in your data scope, paged and filtered', querystring: deviceListQuery, response: { 200: envelope(page(deviceRow)) } } }, async (req) => {
    const me = userOf(req);
    const { pageNum, pageSize, ...filters } = req.query;
    const [{ total }, rows] = await Promise.all([
      base(db, me, filters).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base(db, me, filters).select([...cols]).orderBy('d.id').limit(pageSize).offset((pageNum - 1) * pageSize).execute(),
    ]);
    return { code: 200, msg: translate(req.lang, 'success.ok'), data: { rows: rows.map(toRow), total: Number(total) } };
  });

  app.get(`${API_BASE}/devices/:id`, { config: { access: { perm: 'device:list' } }, schema: { tags: ['devices'], summary: 'One device with its latest points (404 outside your scope)', params: idParam, response: { 200: envelope(deviceRow) } } }, async (req) => {
    const row = await base(db, userOf(req), {}).select([...cols]).where('d.id', '=', req.params.id).executeTakeFirst();
    if (!row) throw notFound();
    return { code: 200, msg: translate(req.lang, 'success.ok'), data: toRow(row) };
  });

  // Devices without MQTT post the same JSON over HTTP with their SN and key (the device protocol).
  app.post(
    `${API_BASE}/devices/:sn/:kind`,
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
      const device = await db.selectFrom('devices').select('secret_hash').where('sn', '=', req.params.sn).executeTakeFirst();
      if (!device?.secret_hash || device.secret_hash !== hashDeviceKey(req.headers['x-device-key'])) throw unauthorized('error.deviceCredentials');
      try {
        await app.ingest.submit(req.params.sn, req.params.kind, req.body);
      } catch (err) {
        if (err instanceof IngestRejected) throw new ApiError(400, 'error.badPayload', { reason: err.message });
        throw err;
      }
      return { code: 200, msg: translate(req.lang, 'success.ok'), data: null };
    },
  );
};
