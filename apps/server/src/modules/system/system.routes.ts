import {
  archiveConfigBody,
  archiveConfigData,
  envelope,
  idParam,
  mqttConfigBody,
  mqttConfigQuery,
  mqttConfigRow,
  mqttConfigUpdateBody,
  page,
  translate,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { userOf } from '../../lib/types.js';

const toRow = (r: Selectable<Database['mqtt_configs']>, showKey: boolean) => ({
  id: r.id,
  serviceAddress: r.service_address,
  username: r.username,
  // the key is a secret: only the sensitive-data grant sees it whole
  userKey: showKey ? r.user_key : `${r.user_key.slice(0, 2)}******`,
  httpPort: r.http_port,
  country: r.country,
  topic: r.topic,
  createdAt: r.created_at,
});

/** The MQTT/HTTP endpoint records and the archive configuration (System > MQTT). */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/mqtt-configs',
    {
      config: { access: { perm: 'mqtt:list' } },
      schema: {
        tags: ['system'],
        summary: 'MQTT/HTTP endpoints per country',
        querystring: mqttConfigQuery,
        response: { 200: envelope(page(mqttConfigRow)) },
      },
    },
    async (req) => {
      const { pageNum, pageSize, country } = req.query;
      let q = db.selectFrom('mqtt_configs');
      if (country) q = q.where('country', 'like', `%${country}%`);
      const [{ total }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        q
          .selectAll()
          .orderBy('id')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
      ]);
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: { rows: rows.map((r) => toRow(r, userOf(req).sensitive)), total: Number(total) },
      };
    },
  );

  const values = (b: Omit<z.infer<typeof mqttConfigBody>, 'userKey'>) => ({
    service_address: b.serviceAddress,
    username: b.username,
    http_port: b.httpPort,
    country: b.country,
    topic: b.topic,
  });

  app.post(
    '/mqtt-configs',
    {
      config: { access: { perm: 'mqtt:create' } },
      schema: {
        tags: ['system'],
        summary: 'Add an endpoint record',
        body: mqttConfigBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (req) => {
      const { id } = await db
        .insertInto('mqtt_configs')
        .values({ ...values(req.body), user_key: req.body.userKey, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { code: 200, msg: translate(req.lang, 'success.create'), data: { id } };
    },
  );

  app.put(
    '/mqtt-configs/:id',
    {
      config: { access: { perm: 'mqtt:update' } },
      schema: {
        tags: ['system'],
        summary: 'Edit an endpoint record (without userKey the stored key stays)',
        params: idParam,
        body: mqttConfigUpdateBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const key = req.body.userKey === undefined ? {} : { user_key: req.body.userKey };
      const res = await db
        .updateTable('mqtt_configs')
        .set({ ...values(req.body), ...key })
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!Number(res.numUpdatedRows)) throw notFound();
      return { code: 200, msg: translate(req.lang, 'success.update'), data: null };
    },
  );

  app.delete(
    '/mqtt-configs/:id',
    {
      config: { access: { perm: 'mqtt:delete' } },
      schema: {
        tags: ['system'],
        summary: 'Delete an endpoint record',
        params: idParam,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const res = await db.deleteFrom('mqtt_configs').where('id', '=', req.params.id).executeTakeFirst();
      if (!Number(res.numDeletedRows)) throw notFound();
      return { code: 200, msg: translate(req.lang, 'success.delete'), data: null };
    },
  );

  app.get(
    '/archive-config',
    {
      config: { access: { perm: 'mqtt:list' } },
      schema: { tags: ['system'], summary: 'Archive configuration', response: { 200: envelope(archiveConfigData) } },
    },
    async (req) => {
      const c = await db.selectFrom('archive_config').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: {
          filingRate: c.filing_rate as 'daily',
          storageMedium: c.storage_medium as 'database',
          retentionDays: c.retention_days,
          lastFiledAt: c.last_filed_at,
          lastPruned: c.last_pruned,
        },
      };
    },
  );

  app.put(
    '/archive-config',
    {
      config: { access: { perm: 'mqtt:update' } },
      schema: {
        tags: ['system'],
        summary: 'Change the archive configuration',
        body: archiveConfigBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await db
        .updateTable('archive_config')
        .set({
          filing_rate: req.body.filingRate,
          storage_medium: req.body.storageMedium,
          retention_days: req.body.retentionDays,
        })
        .where('id', '=', 1)
        .execute();
      return { code: 200, msg: translate(req.lang, 'success.setting'), data: null };
    },
  );
};
