import {
  devicePointsData,
  envelope,
  historyData,
  historyQuery,
  idParam,
  samplesFilters,
  samplesPage,
  samplesQuery,
} from '@pv/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../lib/types.js';
import { sendXlsx } from '../../lib/xlsx-export.js';
import * as data from './data.service.js';

/** Data overview (point history from rollups) and data acquisition (raw samples, paged and exported). */
export const dataRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, dialect: app.dialect };

  app.get(
    '/devices/:id/points',
    {
      config: { access: { perm: 'device:list' } },
      schema: {
        tags: ['devices'],
        summary: 'The point names of a device that can be charted (latest values and latest rollup)',
        params: idParam,
        response: { 200: envelope(devicePointsData) },
      },
    },
    async (req, reply) => reply.ok(await data.chartablePoints(app.db, userOf(req), req.params.id)),
  );

  app.get(
    '/devices/:id/history',
    {
      config: { access: { perm: 'device:list' } },
      schema: {
        tags: ['devices'],
        summary: 'One point over a history range (real time, 1, 7, 15, 30 days) from the 5-minute rollups',
        params: idParam,
        querystring: historyQuery,
        response: { 200: envelope(historyData) },
      },
    },
    async (req, reply) => reply.ok(await data.pointHistory(deps, userOf(req), req.params.id, req.query)),
  );

  app.get(
    '/data/samples',
    {
      config: { access: { perm: 'data:list' } },
      schema: {
        tags: ['data'],
        summary: 'Raw samples of a device in a time range, newest first, paged in SQL',
        querystring: samplesQuery,
        response: { 200: envelope(samplesPage) },
      },
    },
    async (req, reply) => reply.ok(await data.listSamples(app.db, userOf(req), req.query)),
  );

  app.get(
    '/data/samples/export',
    {
      config: { access: { perm: 'data:export' } },
      schema: {
        tags: ['data'],
        summary: 'The raw samples of a range as a streamed .xlsx, one column per point',
        querystring: samplesFilters,
      },
    },
    async (req, reply) => sendXlsx(req, reply, await data.exportSamples(deps, userOf(req), req.query)),
  );
};
