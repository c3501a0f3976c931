import { envelope, faultQuery, faultRow, idParam, page, translate } from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import { userOf } from '../../lib/types.js';

const DAY = 86_400_000;

function base(db: Kysely<Database>, me: SessionUser) {
  return db
    .selectFrom('faults as f')
    .innerJoin('devices as d', 'd.id', 'f.device_id')
    .innerJoin('orgs as o', 'o.id', 'd.org_id')
    .leftJoin('plants as p', 'p.id', 'd.plant_id')
    .where(inScope(me, 'o'));
}

/** Faults opened by device events; a repair (with confirmation in the console) closes one. */
export const faultRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/faults',
    {
      config: { access: { perm: 'fault:list' } },
      schema: {
        tags: ['faults'],
        summary: 'Faults of the devices in your scope',
        querystring: faultQuery,
        response: { 200: envelope(page(faultRow)) },
      },
    },
    async (req) => {
      const { pageNum, pageSize, state, code, sn, days, plantId } = req.query;
      let q = base(db, userOf(req));
      if (state) q = q.where('f.state', '=', state);
      if (code) q = q.where('f.code', '=', code);
      if (sn) q = q.where('d.sn', 'like', `%${sn}%`);
      if (days) q = q.where('f.opened_at', '>=', Date.now() - days * DAY);
      if (plantId) q = q.where('d.plant_id', '=', plantId);
      const [{ total }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        q
          .select([
            'f.id',
            'f.device_id',
            'd.sn',
            'd.name as device_name',
            'p.name as plant_name',
            'f.code',
            'f.message',
            'f.state',
            'f.opened_at',
            'f.fixed_at',
          ])
          .orderBy('f.opened_at', 'desc')
          .orderBy('f.id', 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
      ]);
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: {
          rows: rows.map((r) => ({
            id: r.id,
            deviceId: r.device_id,
            sn: r.sn,
            deviceName: r.device_name,
            plantName: r.plant_name,
            code: r.code,
            message: r.message,
            state: r.state,
            openedAt: r.opened_at,
            fixedAt: r.fixed_at,
          })),
          total: Number(total),
        },
      };
    },
  );

  app.put(
    '/faults/:id/repair',
    {
      config: { access: { perm: 'fault:repair' } },
      schema: {
        tags: ['faults'],
        summary: 'Mark a fault repaired',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const fault = await base(db, userOf(req))
        .select(['f.id', 'f.state', 'f.device_id'])
        .where('f.id', '=', req.params.id)
        .executeTakeFirst();
      if (!fault) throw notFound();
      if (fault.state === 'fixed') throw badRequest('error.alreadyFixed');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('faults')
          .set({ state: 'fixed', fixed_at: Date.now() })
          .where('id', '=', fault.id)
          .execute();
        const open = await trx
          .selectFrom('faults')
          .select('id')
          .where('device_id', '=', fault.device_id)
          .where('state', '=', 'unrepaired')
          .executeTakeFirst();
        if (!open)
          await trx
            .updateTable('devices')
            .set({ run_state: 'normal' })
            .where('id', '=', fault.device_id)
            .where('run_state', '=', 'failure')
            .execute();
      });
      return { code: 200, msg: translate(req.lang, 'success.repair'), data: null };
    },
  );
};
