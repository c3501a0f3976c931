import { PassThrough } from 'node:stream';
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
  fieldNamesEn,
  fieldNamesZh,
  splitEmails,
  translate,
  FAULT_STATES,
  type GrantPerm,
  type PlantBody,
  type Points,
} from '@pv/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import { GenerationCache } from '../../lib/generation-cache.js';
import { tokenOf } from '../../plugins/access.js';
import { inScope, maskEmail, maskMobile } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import { userOf } from '../../lib/types.js';
import { plantChart as chartOf, plantLive, yieldAndRatio } from './plant-detail.js';
import { deletePlantRows, refreshPlantsSoon } from './plant-changes.js';
import { onPlantStatsChanged } from './plant-stats.js';
import {
  clearPlantCounts,
  findPlant,
  iteratePlants,
  listPlants,
  plantInScope,
  plantScope,
} from './plant.repository.js';

const maskAddress = (v: string | null) => (v ? `${v.slice(0, Math.min(6, Math.ceil(v.length / 3)))}****` : v);

/** Owner and organisations of a plant body must be in the caller's scope. */
async function checkRefs(db: Kysely<Database>, me: SessionUser, b: Partial<PlantBody>) {
  if (b.ownerId) {
    const owner = await db
      .selectFrom('customers as c')
      .innerJoin('orgs as o', 'o.id', 'c.org_id')
      .select('c.id')
      .where('c.id', '=', b.ownerId)
      .where(inScope(me, 'o'))
      .executeTakeFirst();
    if (!owner) throw badRequest('error.ownerNotFound');
  }
  for (const orgId of [b.installerOrgId, b.orgId]) {
    if (!orgId) continue;
    const org = await db
      .selectFrom('orgs as o')
      .select('o.id')
      .where('o.id', '=', orgId)
      .where(inScope(me, 'o'))
      .executeTakeFirst();
    if (!org) throw badRequest('error.orgNotFound');
  }
}

async function nameTaken(db: Kysely<Database>, orgId: number, name: string, exceptId?: number) {
  let q = db.selectFrom('plants').select('id').where('org_id', '=', orgId).where('name', '=', name);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

const columnsFor = (v: Partial<PlantBody>) => ({
  ...(v.name !== undefined && { name: v.name }),
  ...(v.capacityKw !== undefined && { capacity_wp: Math.round(v.capacityKw * 1000) }),
  ...(v.country !== undefined && { country: v.country }),
  ...(v.timeZone !== undefined && { time_zone: v.timeZone }),
  ...(v.address !== undefined && { address: v.address || null }),
  ...(v.installedAt !== undefined && { installed_at: v.installedAt }),
  ...(v.ownerId !== undefined && { owner_id: v.ownerId }),
  ...(v.installerOrgId !== undefined && { installer_org_id: v.installerOrgId }),
  ...(v.installPosition !== undefined && { install_position: v.installPosition }),
  ...(v.installCapacityWp !== undefined && { install_capacity_wp: v.installCapacityWp }),
  ...(v.latitude !== undefined && { latitude: v.latitude }),
  ...(v.longitude !== undefined && { longitude: v.longitude }),
});

/** Plants (/power_station): list with tab counts, favourites, export, CRUD, detail, chart, grants. */
export const plantRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const ok = <T>(lang: string, data: T, key: Parameters<typeof translate>[1] = 'success.ok') => ({
    code: 200,
    msg: translate(lang, key),
    data,
  });

  /**
   * Answers of the list and the chart as sent, per session, language and URL: consoles ask the
   * same pages again on every live update, and the figures behind them change only when the
   * stats refresh writes new ones (every 10 s at most) or a console write goes through, which
   * both empty it in every process, through the bus (the refresh runs in one process per tick).
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
  /** Sends the kept answer of this request, or builds it with `load` (checked against `schema` like any answer). */
  const kept = async (req: FastifyRequest, reply: FastifyReply, schema: z.ZodType, load: () => Promise<unknown>) => {
    const body = await answers.getOrLoad(`${tokenOf(req)}\n${req.lang}\n${req.url}`, async () =>
      JSON.stringify(schema.parse(await load())),
    );
    return reply.type('application/json; charset=utf-8').send(body);
  };
  const listAnswer = envelope(plantPage);
  const chartAnswer = envelope(plantChart);

  app.get(
    '/plants',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags: ['plants'],
        summary: 'Plants you may see (scope and grants), filtered, sorted and paged in SQL, with tab counts',
        querystring: plantListQuery,
        response: { 200: listAnswer },
      },
    },
    async (req, reply) =>
      kept(req, reply, listAnswer, async () => ok(req.lang, await listPlants(db, userOf(req), req.query))),
  );

  app.get(
    '/plants/export',
    {
      config: { access: { perm: 'plant:export' } },
      schema: {
        tags: ['plants'],
        summary: 'The filtered plant list as a streamed .xlsx',
        querystring: plantListQuery.omit({ pageNum: true, pageSize: true }),
      },
    },
    async (req, reply) => {
      const me = userOf(req);
      const zh = req.lang === 'zh';
      const names: Record<string, string> = zh
        ? {
            ...fieldNamesZh,
            id: 'ID',
            name: '电站名称',
            capacityKw: '容量 (kWp)',
            ownerName: '业主',
            installerName: '安装商',
            orgName: '所属组织',
            power: '发电功率 (W)',
            energyToday: '日发电量 (kWh)',
            energyMonth: '月发电量 (kWh)',
            energyYear: '年发电量 (kWh)',
            energyTotal: '总发电量 (kWh)',
            status: '状态',
            dataUpdatedAt: '数据更新时间',
            online: '在线',
            offline: '离线',
            fault: '故障',
          }
        : {
            ...fieldNamesEn,
            id: 'ID',
            name: 'Plant name',
            capacityKw: 'Capacity (kWp)',
            ownerName: 'Owner',
            installerName: 'Installer',
            orgName: 'Organisation',
            power: 'Production power (W)',
            energyToday: 'Daily production (kWh)',
            energyMonth: 'Monthly production (kWh)',
            energyYear: 'Yearly production (kWh)',
            energyTotal: 'Total production (kWh)',
            status: 'Status',
            dataUpdatedAt: 'Data update time',
            online: 'Online',
            offline: 'Offline',
            fault: 'Fault',
          };
      const stream = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
      const sheet = workbook.addWorksheet(zh ? '电站' : 'Plants');
      const keys = [
        'id',
        'name',
        'capacityKw',
        'country',
        'timeZone',
        'address',
        'installedAt',
        'dataUpdatedAt',
        'ownerName',
        'installerName',
        'orgName',
        'power',
        'energyToday',
        'energyMonth',
        'energyYear',
        'energyTotal',
        'status',
      ] as const;
      sheet.columns = keys.map((key) => ({
        header: names[key] ?? key,
        key,
        width: key === 'name' || key === 'address' ? 28 : 18,
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      void (async () => {
        try {
          for await (const p of iteratePlants(db, me, req.query)) {
            sheet
              .addRow({
                ...p,
                status: names[p.status] ?? p.status,
                installedAt: p.installedAt ? new Date(p.installedAt) : null,
                dataUpdatedAt: p.dataUpdatedAt ? new Date(p.dataUpdatedAt) : null,
              })
              .commit();
          }
          sheet.commit();
          await workbook.commit();
        } catch (err) {
          req.log.error({ err }, 'plant export failed');
          stream.destroy(err as Error);
        }
      })();
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="plants.xlsx"')
        .send(stream);
    },
  );

  app.get(
    '/plants/options',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags: ['plants'],
        summary: 'Owners (customers) and organisations in your scope, for the plant form',
        response: { 200: envelope(plantOptions) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const [owners, orgs] = await Promise.all([
        db
          .selectFrom('customers as c')
          .innerJoin('orgs as o', 'o.id', 'c.org_id')
          .select(['c.id', 'c.name', 'c.nickname', 'c.email', 'c.org_id'])
          .where(inScope(me, 'o'))
          .orderBy('c.name')
          .limit(1000)
          .execute(),
        db.selectFrom('orgs as o').select(['o.id', 'o.name']).where(inScope(me, 'o')).orderBy('o.path').execute(),
      ]);
      return ok(req.lang, {
        owners: owners.map((c) => ({
          id: c.id,
          name: c.name,
          nickname: c.nickname,
          email: me.sensitive ? c.email : maskEmail(c.email),
          orgId: c.org_id,
        })),
        orgs,
      });
    },
  );

  app.get(
    '/plants/:id',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags: ['plants'],
        summary: 'One plant: facts, stats, weather, energy flow, yield and PR (404 outside your scope)',
        params: idParam,
        response: { 200: envelope(plantDetail) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const plant = await findPlant(db, me, req.params.id);
      if (!plant) throw notFound();
      const now = Date.now();
      const [owner, live, inOrg] = await Promise.all([
        plant.ownerId
          ? db
              .selectFrom('customers')
              .select(['id', 'name', 'nickname', 'email', 'phone', 'address'])
              .where('id', '=', plant.ownerId)
              .executeTakeFirst()
          : undefined,
        plantLive(db, plant.id),
        plantInScope(db, me, plant.id),
      ]);
      return ok(req.lang, {
        ...plant,
        owner: owner
          ? {
              ...owner,
              email: me.sensitive ? owner.email : maskEmail(owner.email),
              phone: me.sensitive ? owner.phone : maskMobile(owner.phone),
              address: me.sensitive ? owner.address : maskAddress(owner.address),
            }
          : null,
        ...live,
        ...yieldAndRatio(plant, now),
        access: inOrg ? ('org' as const) : ('grant' as const),
      });
    },
  );

  app.get(
    '/plants/:id/chart',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags: ['plants'],
        summary: 'Production chart from rollups: real time / 1 day (5-minute power), 7 / 15 / 30 days (daily energy)',
        params: idParam,
        querystring: plantChartQuery,
        response: { 200: chartAnswer },
      },
    },
    async (req, reply) =>
      kept(req, reply, chartAnswer, async () => {
        const me = userOf(req);
        const plant = await db
          .selectFrom('plants as p')
          .innerJoin('orgs as o', 'o.id', 'p.org_id')
          .select(['p.id', 'p.time_zone'])
          .where('p.id', '=', req.params.id)
          .where(plantScope(me))
          .executeTakeFirst();
        if (!plant) throw notFound();
        return ok(
          req.lang,
          await chartOf(db, { id: plant.id, timeZone: plant.time_zone }, req.query.range, Date.now()),
        );
      }),
  );

  // the plant's devices and faults, readable by whoever sees the plant (a grant included)
  app.get(
    '/plants/:id/devices',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags: ['plants'],
        summary: "The plant's devices (read-only)",
        params: idParam,
        querystring: pageQuery,
        response: { 200: envelope(page(plantDeviceRow)) },
      },
    },
    async (req) => {
      const me = userOf(req);
      if (!(await plantInScope(db, me, req.params.id, 'see'))) throw notFound();
      const { pageNum, pageSize } = req.query;
      const base = db
        .selectFrom('devices as d')
        .leftJoin('devices as parent', 'parent.id', 'd.parent_id')
        .where('d.plant_id', '=', req.params.id);
      const [{ total }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        base
          .select([
            'd.id',
            'd.sn',
            'd.name',
            'd.type',
            'parent.sn as parent_sn',
            'd.online_state',
            'd.run_state',
            'd.last_online_at',
            'd.last_points',
          ])
          .orderBy(sql`coalesce(d.parent_id, d.id)`)
          .orderBy('d.id')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
      ]);
      return ok(req.lang, {
        rows: rows.map((r) => {
          const p = r.last_points ? (JSON.parse(r.last_points) as Points) : {};
          const power =
            p.acPower ??
            p.batteryPower ??
            (p.meterImportPower !== undefined ? p.meterImportPower - (p.meterExportPower ?? 0) : undefined);
          return {
            id: r.id,
            sn: r.sn,
            name: r.name,
            type: r.type,
            parentSn: r.parent_sn,
            onlineState: r.online_state,
            runState: r.run_state,
            lastOnlineAt: r.last_online_at === null ? null : Number(r.last_online_at),
            power: power ?? null,
          };
        }),
        total: Number(total),
      });
    },
  );

  app.get(
    '/plants/:id/faults',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags: ['plants'],
        summary: "The plant's faults, newest first",
        params: idParam,
        querystring: pageQuery.extend({ state: z.enum(FAULT_STATES).optional() }),
        response: { 200: envelope(page(faultRow)) },
      },
    },
    async (req) => {
      const me = userOf(req);
      if (!(await plantInScope(db, me, req.params.id, 'see'))) throw notFound();
      const { pageNum, pageSize, state } = req.query;
      let base = db
        .selectFrom('faults as f')
        .innerJoin('devices as d', 'd.id', 'f.device_id')
        .innerJoin('plants as p', 'p.id', 'd.plant_id')
        .where('d.plant_id', '=', req.params.id);
      if (state) base = base.where('f.state', '=', state);
      const [{ total }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        base
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
      return ok(req.lang, {
        rows: rows.map((r) => ({
          id: r.id,
          deviceId: r.device_id,
          sn: r.sn,
          deviceName: r.device_name,
          plantName: r.plant_name,
          code: r.code,
          message: r.message,
          state: r.state,
          openedAt: Number(r.opened_at),
          fixedAt: r.fixed_at === null ? null : Number(r.fixed_at),
        })),
        total: Number(total),
      });
    },
  );

  app.put(
    '/plants/:id/favourite',
    {
      config: { access: { perm: 'plant:list' } },
      schema: {
        tags: ['plants'],
        summary: 'Star or unstar a plant (per user)',
        params: idParam,
        body: favouriteBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const me = userOf(req);
      if (!(await plantInScope(db, me, req.params.id, 'see'))) throw notFound();
      if (req.body.favourite)
        await db
          .insertInto('plant_favourites')
          .values({ user_id: me.id, plant_id: req.params.id, created_at: Date.now() })
          .onConflict((oc) => oc.columns(['user_id', 'plant_id']).doNothing())
          .execute();
      else
        await db
          .deleteFrom('plant_favourites')
          .where('user_id', '=', me.id)
          .where('plant_id', '=', req.params.id)
          .execute();
      clearPlantCounts();
      return ok(req.lang, null, 'success.setting');
    },
  );

  app.post(
    '/plants',
    {
      config: { access: { perm: 'plant:create' } },
      schema: {
        tags: ['plants'],
        summary: 'Create a plant',
        body: plantBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const b = req.body;
      await checkRefs(db, me, b);
      const orgId = b.orgId ?? me.orgId;
      if (await nameTaken(db, orgId, b.name)) throw new ApiError(409, 'error.plantNameTaken');
      const { id } = await db
        .insertInto('plants')
        .values({
          org_id: orgId,
          name: b.name,
          capacity_wp: Math.round(b.capacityKw * 1000),
          time_zone: b.timeZone,
          created_at: Date.now(),
          ...columnsFor(b),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('plant_stats')
        .values({
          plant_id: id,
          power_w: 0,
          energy_today: 0,
          energy_month: 0,
          energy_year: 0,
          energy_total: 0,
          status: 'offline',
          devices: 0,
          devices_online: 0,
          open_faults: 0,
          data_updated_at: null,
          updated_at: Date.now(),
        })
        .onConflict((oc) => oc.column('plant_id').doNothing())
        .execute();
      refreshPlantsSoon(app);
      return ok(req.lang, { id }, 'success.create');
    },
  );

  app.put(
    '/plants/:id',
    {
      config: { access: { perm: 'plant:update' } },
      schema: {
        tags: ['plants'],
        summary: 'Edit a plant',
        params: idParam,
        body: plantBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const plant = await plantInScope(db, me, req.params.id);
      if (!plant) throw notFound();
      const b = req.body;
      await checkRefs(db, me, b);
      const orgId = b.orgId ?? plant.org_id;
      if (await nameTaken(db, orgId, b.name, plant.id)) throw new ApiError(409, 'error.plantNameTaken');
      await db
        .updateTable('plants')
        .set({ ...columnsFor(b), org_id: orgId })
        .where('id', '=', plant.id)
        .execute();
      // devices follow the plant's time zone for their plant-local days
      app.ingest.invalidate();
      refreshPlantsSoon(app);
      return ok(req.lang, null, 'success.update');
    },
  );

  app.delete(
    '/plants/:id',
    {
      config: { access: { perm: 'plant:delete' } },
      schema: {
        tags: ['plants'],
        summary: 'Delete a plant: its devices are unbound (kept with all their data), favourites and grants go',
        params: idParam,
        response: { 200: envelope(z.object({ unboundDevices: z.number() })) },
      },
    },
    async (req) => {
      const plant = await plantInScope(db, userOf(req), req.params.id);
      if (!plant) throw notFound();
      const unbound = await db.transaction().execute((trx) => deletePlantRows(trx, plant.id));
      app.ingest.invalidate();
      refreshPlantsSoon(app);
      return ok(req.lang, { unboundDevices: unbound }, 'success.delete');
    },
  );

  // authorised users (spec §6): grant users rights on the plant's devices
  app.get(
    '/plants/:id/grants',
    {
      config: { access: { perm: 'plant:authorize' } },
      schema: {
        tags: ['plants'],
        summary: 'Users authorised on the plant',
        params: idParam,
        response: { 200: envelope(z.array(grantRow)) },
      },
    },
    async (req) => {
      const me = userOf(req);
      if (!(await plantInScope(db, me, req.params.id))) throw notFound();
      const rows = await db
        .selectFrom('plant_grants as g')
        .innerJoin('users as u', 'u.id', 'g.user_id')
        .leftJoin('users as by', 'by.id', 'g.granted_by')
        .select([
          'g.id',
          'g.user_id',
          'u.login_name',
          'u.nickname',
          'u.email',
          'g.perms',
          'by.nickname as granted_by',
          'g.created_at',
        ])
        .where('g.plant_id', '=', req.params.id)
        .orderBy('g.id')
        .execute();
      return ok(
        req.lang,
        rows.map((r) => ({
          id: r.id,
          userId: r.user_id,
          loginName: r.login_name,
          nickname: r.nickname,
          email: me.sensitive ? r.email : maskEmail(r.email),
          perms: r.perms.split(',') as GrantPerm[],
          grantedBy: r.granted_by,
          createdAt: Number(r.created_at),
        })),
      );
    },
  );

  app.post(
    '/plants/:id/grants',
    {
      config: { access: { perm: 'plant:authorize' } },
      schema: {
        tags: ['plants'],
        summary: 'Authorise users (a comma-separated list of e-mails) on the plant',
        params: idParam,
        body: grantCreateBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      const me = userOf(req);
      const plant = await plantInScope(db, me, req.params.id);
      if (!plant) throw notFound();
      const emails = splitEmails(req.body.emails);
      const self = await db.selectFrom('users').select('email').where('id', '=', me.id).executeTakeFirst();
      if (self?.email && emails.includes(self.email.toLowerCase())) throw badRequest('validation.authorisedSelf');
      const users = await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where(sql`lower(email)`, 'in', emails)
        .where('state', '=', 'enabled')
        .execute();
      const found = new Set(users.map((u) => u.email!.toLowerCase()));
      const unknown = emails.filter((e) => !found.has(e));
      if (unknown.length) throw badRequest('error.unknownEmails', { emails: unknown.join(', ') });
      if (users.some((u) => u.id === me.id)) throw badRequest('validation.authorisedSelf');
      const perms = [...new Set(req.body.perms)].join(',');
      const now = Date.now();
      await db
        .insertInto('plant_grants')
        .values(users.map((u) => ({ plant_id: plant.id, user_id: u.id, perms, granted_by: me.id, created_at: now })))
        .onConflict((oc) => oc.columns(['plant_id', 'user_id']).doUpdateSet({ perms, granted_by: me.id }))
        .execute();
      clearPlantCounts();
      return ok(req.lang, null, 'success.authorization');
    },
  );

  app.put(
    '/plants/:id/grants/:grantId',
    {
      config: { access: { perm: 'plant:authorize' } },
      schema: {
        tags: ['plants'],
        summary: "Change an authorised user's permissions",
        params: grantParams,
        body: grantUpdateBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      if (!(await plantInScope(db, userOf(req), req.params.id))) throw notFound();
      const r = await db
        .updateTable('plant_grants')
        .set({ perms: [...new Set(req.body.perms)].join(',') })
        .where('id', '=', req.params.grantId)
        .where('plant_id', '=', req.params.id)
        .executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw notFound();
      return ok(req.lang, null, 'success.update');
    },
  );

  app.delete(
    '/plants/:id/grants/:grantId',
    {
      config: { access: { perm: 'plant:authorize' } },
      schema: {
        tags: ['plants'],
        summary: 'Remove an authorised user',
        params: grantParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      if (!(await plantInScope(db, userOf(req), req.params.id))) throw notFound();
      const r = await db
        .deleteFrom('plant_grants')
        .where('id', '=', req.params.grantId)
        .where('plant_id', '=', req.params.id)
        .executeTakeFirst();
      if (!Number(r.numDeletedRows)) throw notFound();
      clearPlantCounts();
      return ok(req.lang, null, 'success.delete');
    },
  );
};
