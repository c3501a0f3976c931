import {
  envelope,
  faultRow,
  favouriteBody,
  grantCreateBody,
  grantParams,
  grantRow,
  grantUpdateBody,
  idParam,
  page,
  pageQuery,
  plantBody,
  plantChart,
  plantChartQuery,
  plantDetail,
  plantDeviceRow,
  plantListQuery,
  plantOptions,
  plantPage,
  FAULT_STATES,
  translate,
} from '@pv/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { GenerationCache } from '../../lib/generation-cache.js';
import { userOf } from '../../lib/types.js';
import { sendXlsx } from '../../lib/xlsx-export.js';
import { tokenOf } from '../../plugins/access.js';
import { refreshPlantsSoon } from './plant-changes.js';
import { onPlantStatsChanged } from './plant-stats.js';
import * as plants from './plant.service.js';

/** Plants (/power_station): list with tab counts, favourites, export, CRUD, detail, chart, grants. */
export const plantRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const tags = ['plants'];
  const deps: plants.PlantDeps = {
    db,
    refreshSoon: () => refreshPlantsSoon(app),
    // devices follow their plant's time zone for their plant-local days
    invalidateDevices: () => app.ingest.invalidate(),
  };

  /**
   * Answers of the list and the chart as sent, per session, language and URL: consoles ask the
   * same pages again on every live update, and the figures behind them change only when the
   * stats refresh writes new ones or a console write goes through, which both empty it in every
   * process, through the bus (the refresh runs in one process per tick).
   */
  const answers = new GenerationCache<string>({
    ttlMs: app.config.cacheMs,
    max: 5_000,
    maxSize: 64 * 1024 * 1024,
    sizeOf: (body) => body.length || 1,
  });
  app.onDataChanged(() => answers.clear());
  const unlisten = onPlantStatsChanged(db, () => {
    answers.clear(); // this process at once (the bus may deliver our own event later)
    void app.bus
      .publish({ type: 'plantStats', at: Date.now() })
      .catch((err: unknown) => app.log.warn({ err }, 'plant stats change not published'));
  });
  const unsubscribe = app.bus.subscribe((event) => {
    if (event.type === 'plantStats') answers.clear();
  });
  app.addHook('onClose', async () => {
    unlisten();
    unsubscribe();
  });
  const keptBody = async (req: FastifyRequest, reply: FastifyReply, build: () => Promise<string>) => {
    const body = await answers.getOrLoad(`${tokenOf(req)}\n${req.lang}\n${req.url}`, build);
    return reply.type('application/json; charset=utf-8').send(body);
  };
  /** Sends the kept answer of this request, or builds it with `load` (checked against `schema` like any answer). */
  const kept = (req: FastifyRequest, reply: FastifyReply, schema: z.ZodType, load: () => Promise<unknown>) =>
    keptBody(req, reply, async () => JSON.stringify(schema.parse(await load())));
  /**
   * The same for an answer whose data the service wrote as JSON text already (the plant list): it
   * goes out as written, in the success envelope, without being parsed and checked again (the API
   * tests and the OpenAPI fuzzer check it against the schema).
   */
  const keptText = (req: FastifyRequest, reply: FastifyReply, load: () => Promise<string>) =>
    keptBody(
      req,
      reply,
      async () => `{"code":200,"msg":${JSON.stringify(translate(req.lang, 'success.ok'))},"data":${await load()}}`,
    );
  const listAnswer = envelope(plantPage);
  const chartAnswer = envelope(plantChart);

  app.get(
    '/plants',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags,
        summary: 'Plants you may see (scope and grants), filtered, sorted and paged in SQL, with tab counts',
        querystring: plantListQuery,
        response: { 200: listAnswer },
      },
    },
    async (req, reply) => keptText(req, reply, () => plants.listPlantsJson(db, userOf(req), req.query)),
  );

  app.get(
    '/plants/export',
    {
      config: { access: { perm: 'plant:export' } },
      schema: {
        tags,
        summary: 'The filtered plant list as a streamed .xlsx',
        querystring: plantListQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => sendXlsx(req, reply, plants.plantExport(db, userOf(req), req.query, req.lang)),
  );

  app.get(
    '/plants/options',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags,
        summary: 'Owners (customers) and organisations in your scope, for the plant form',
        response: { 200: envelope(plantOptions) },
      },
    },
    async (req, reply) => reply.ok(await plants.plantOptions(db, userOf(req))),
  );

  app.get(
    '/plants/:id',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags,
        summary: 'One plant: facts, stats, weather, energy flow, yield and PR (404 outside your scope)',
        params: idParam,
        response: { 200: envelope(plantDetail) },
      },
    },
    async (req, reply) => reply.ok(await plants.plantDetail(db, userOf(req), req.params.id)),
  );

  app.get(
    '/plants/:id/chart',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags,
        summary: 'Production chart from rollups: real time / 1 day (5-minute power), 7 / 15 / 30 days (daily energy)',
        params: idParam,
        querystring: plantChartQuery,
        response: { 200: chartAnswer },
      },
    },
    async (req, reply) =>
      kept(req, reply, chartAnswer, async () =>
        reply.ok(await plants.plantChart(db, userOf(req), req.params.id, req.query.range)),
      ),
  );

  // the plant's devices and faults, readable by whoever sees the plant (a grant included)
  app.get(
    '/plants/:id/devices',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags,
        summary: "The plant's devices (read-only)",
        params: idParam,
        querystring: pageQuery,
        response: { 200: envelope(page(plantDeviceRow)) },
      },
    },
    async (req, reply) => reply.ok(await plants.plantDevices(db, userOf(req), req.params.id, req.query)),
  );

  app.get(
    '/plants/:id/faults',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags,
        summary: "The plant's faults, newest first",
        params: idParam,
        querystring: pageQuery.extend({ state: z.enum(FAULT_STATES).optional() }),
        response: { 200: envelope(page(faultRow)) },
      },
    },
    async (req, reply) => reply.ok(await plants.plantFaults(db, userOf(req), req.params.id, req.query, req.lang)),
  );

  app.put(
    '/plants/:id/favourite',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags,
        summary: 'Star or unstar a plant (per user)',
        params: idParam,
        body: favouriteBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await plants.setFavourite(db, userOf(req), req.params.id, req.body.favourite);
      return reply.ok(null, 'success.setting');
    },
  );

  app.post(
    '/plants',
    {
      config: { access: { perm: 'plant:create' } },
      schema: {
        tags,
        summary: 'Create a plant',
        body: plantBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (req, reply) => reply.ok(await plants.createPlant(deps, userOf(req), req.body), 'success.create'),
  );

  app.put(
    '/plants/:id',
    {
      config: { access: { perm: 'plant:update' } },
      schema: {
        tags,
        summary: 'Edit a plant',
        params: idParam,
        body: plantBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await plants.updatePlant(deps, userOf(req), req.params.id, req.body);
      return reply.ok(null, 'success.update');
    },
  );

  app.delete(
    '/plants/:id',
    {
      config: { access: { perm: 'plant:delete' } },
      schema: {
        tags,
        summary: 'Delete a plant: its devices are unbound (kept with all their data), favourites and grants go',
        params: idParam,
        response: { 200: envelope(z.object({ unboundDevices: z.number() })) },
      },
    },
    async (req, reply) => reply.ok(await plants.deletePlant(deps, userOf(req), req.params.id), 'success.delete'),
  );

  // authorised users (spec §6): grant users rights on the plant's devices
  app.get(
    '/plants/:id/grants',
    {
      config: { access: { perm: 'plant:authorize' } },
      schema: {
        tags,
        summary: 'Users authorised on the plant',
        params: idParam,
        response: { 200: envelope(z.array(grantRow)) },
      },
    },
    async (req, reply) => reply.ok(await plants.listGrants(db, userOf(req), req.params.id)),
  );

  app.post(
    '/plants/:id/grants',
    {
      config: { access: { perm: 'plant:authorize' } },
      schema: {
        tags,
        summary: 'Authorise users (a comma-separated list of e-mails) on the plant',
        params: idParam,
        body: grantCreateBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await plants.grantUsers(db, userOf(req), req.params.id, req.body);
      return reply.ok(null, 'success.authorization');
    },
  );

  app.put(
    '/plants/:id/grants/:grantId',
    {
      config: { access: { perm: 'plant:authorize' } },
      schema: {
        tags,
        summary: "Change an authorised user's permissions",
        params: grantParams,
        body: grantUpdateBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await plants.updateGrant(db, userOf(req), req.params.id, req.params.grantId, req.body.perms);
      return reply.ok(null, 'success.update');
    },
  );

  app.delete(
    '/plants/:id/grants/:grantId',
    {
      config: { access: { perm: 'plant:authorize' } },
      schema: {
        tags,
        summary: 'Remove an authorised user',
        params: grantParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      await plants.revokeGrant(db, userOf(req), req.params.id, req.params.grantId);
      return reply.ok(null, 'success.delete');
    },
  );
};
