import { PassThrough } from 'node:stream';
import {
  devicePointsData,
  envelope,
  historyData,
  historyQuery,
  historyWindow,
  idParam,
  pointName,
  samplesPage,
  samplesQuery,
  samplesFilters,
  translate,
} from '@pv/contract';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { jsonField, type DialectName } from '../../db/dialect.js';
import { notFound } from '../../lib/errors.js';
import { userOf } from '../../lib/types.js';
import { deviceVisible } from './device.repository.js';

/**
 * A device's point over a window, from the 5-minute rollups: each bucket of `stepMs` is the
 * sample-weighted average of the rollups in it (Σ avg·n / Σ n, n being the samples that had the
 * point: `point_n` where some samples lacked it, else the rollup's `n`), so an hour with a gap in
 * it still averages exactly the samples it had.
 */
export async function pointHistory(
  db: Kysely<Database>,
  dialect: DialectName,
  deviceId: number,
  point: string,
  from: number,
  to: number,
  stepMs: number,
) {
  // a literal step: bound numbers reach SQLite as floats, and the division must be an integer one
  const step = sql.lit(Math.trunc(stepMs));
  // the point is read from the JSON once per rollup (inner query), then weighted per step
  const inner = db
    .selectFrom('device_rollup_5m')
    .select([
      sql<number>`(bucket / ${step}) * ${step}`.as('t'),
      sql<number>`coalesce(${jsonField(dialect, 'point_n', point, 'number')}, n)`.as('n'),
      jsonField(dialect, 'points', point, 'number').as('v'),
    ])
    .where('device_id', '=', deviceId)
    .where('bucket', '>=', Math.floor(from / stepMs) * stepMs)
    .where('bucket', '<', to)
    .as('r');
  const rows = await db
    .selectFrom(inner)
    .select([
      'r.t',
      sql<number | null>`sum(r.v * r.n)`.as('s'),
      sql<number | null>`sum(case when r.v is not null then r.n end)`.as('w'),
    ])
    .groupBy('r.t')
    .orderBy('r.t')
    .execute();
  return rows.flatMap((r) => (r.w ? [[Number(r.t), Number(r.s) / Number(r.w)] as [number, number]] : []));
}

/** Every point name found in the samples of a range (the export's columns). */
async function pointNamesInRange(
  db: Kysely<Database>,
  dialect: DialectName,
  deviceId: number,
  start: number,
  end: number,
): Promise<string[]> {
  const rows =
    dialect === 'postgres'
      ? await sql<{
          key: string;
        }>`select distinct jsonb_object_keys(points::jsonb) as key from samples where device_id = ${deviceId} and ts >= ${start} and ts <= ${end}`.execute(
          db,
        )
      : await sql<{
          key: string;
        }>`select distinct j.key as key from samples s, json_each(s.points) j where s.device_id = ${deviceId} and s.ts >= ${start} and s.ts <= ${end}`.execute(
          db,
        );
  return rows.rows.map((r) => r.key).sort();
}

const parsePoints = (text: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** Data overview (point history from rollups) and data acquisition (raw samples, paged and exported). */
export const dataRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const dialect = app.dialect;

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
    async (req) => {
      const device = await deviceVisible(db, userOf(req), { id: req.params.id });
      if (!device) throw notFound();
      const [d, latest] = await Promise.all([
        db.selectFrom('devices').select('last_points').where('id', '=', device.id).executeTakeFirst(),
        db
          .selectFrom('device_rollup_5m')
          .select('points')
          .where('device_id', '=', device.id)
          .orderBy('bucket', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      // numbers only: text and flags are in the samples (data acquisition), not in the rollups a chart reads
      const numeric = Object.entries(parsePoints(d?.last_points ?? '{}')).filter(([, v]) => typeof v === 'number');
      const names = new Set([...numeric.map(([n]) => n), ...Object.keys(parsePoints(latest?.points ?? '{}'))]);
      // only names the history can read (a device may send others; the samples keep them)
      return {
        code: 200,
        msg: translate(req.lang, 'success.ok'),
        data: { points: [...names].filter((n) => pointName.safeParse(n).success).sort() },
      };
    },
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
    async (req) => {
      const device = await deviceVisible(db, userOf(req), { id: req.params.id });
      if (!device) throw notFound();
      const { point, range } = req.query;
      const { from, to, stepMs } = historyWindow(range, Date.now());
      const series = await pointHistory(db, dialect, device.id, point, from, to, stepMs);
      return { code: 200, msg: translate(req.lang, 'success.ok'), data: { point, stepMs, from, to, series } };
    },
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
    async (req) => {
      const { deviceId, start, end, pageNum, pageSize } = req.query;
      const device = await deviceVisible(db, userOf(req), { id: deviceId });
      if (!device) throw notFound();
      const q = db
        .selectFrom('samples')
        .where('device_id', '=', device.id)
        .where('ts', '>=', start)
        .where('ts', '<=', end);
      const [{ total }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        q
          .select(['ts', 'points', 'received_at'])
          .orderBy('ts', 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
      ]);
      const out = rows.map((r) => ({
        ts: Number(r.ts),
        receivedAt: Number(r.received_at),
        points: parsePoints(r.points),
      }));
      const points = [...new Set(out.flatMap((r) => Object.keys(r.points)))].sort();
      return { code: 200, msg: translate(req.lang, 'success.ok'), data: { rows: out, total: Number(total), points } };
    },
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
    async (req, reply) => {
      const { deviceId, start, end } = req.query;
      const device = await deviceVisible(db, userOf(req), { id: deviceId });
      if (!device) throw notFound();
      const names = await pointNamesInRange(db, dialect, device.id, start, end);
      const stream = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
      const sheet = workbook.addWorksheet(translate(req.lang, 'deviceExport.samplesSheet'));
      sheet.columns = [
        {
          header: translate(req.lang, 'deviceExport.ts'),
          key: '__ts',
          width: 22,
          style: { numFmt: 'yyyy-mm-dd hh:mm:ss' },
        },
        ...names.map((n) => ({ header: n, key: n, width: 14 })),
      ];
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      void (async () => {
        try {
          // newest first, in keyset batches on the (device_id, ts) key
          for (let before = end + 1; ;) {
            const rows = await db
              .selectFrom('samples')
              .select(['ts', 'points'])
              .where('device_id', '=', device.id)
              .where('ts', '>=', start)
              .where('ts', '<', before)
              .orderBy('ts', 'desc')
              .limit(1000)
              .execute();
            if (!rows.length) break;
            for (const r of rows) sheet.addRow({ ...parsePoints(r.points), __ts: new Date(Number(r.ts)) }).commit();
            before = Number(rows[rows.length - 1]!.ts);
          }
          sheet.commit();
          await workbook.commit();
        } catch (err) {
          req.log.error({ err }, 'samples export failed');
          stream.destroy(err as Error);
        }
      })();
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="samples-${device.sn}.xlsx"`)
        .send(stream);
    },
  );
};
