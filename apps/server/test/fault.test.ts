import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/passwords.js';
import { buildTestApp, DEMO, login, newDevice, type TestApp } from './helper.js';

/**
 * The fault loop over HTTP (issue 18): faults raised through the real ingest pipeline, the list with
 * its filters, sort, tabs and export, one fault's history and data, the steps people take, scope,
 * permissions and the audit trail. Runs on SQLite and on PostgreSQL (npm run test:pg).
 */

let t: TestApp;
let admin: string;
let viewer: string;
let tech: string;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const ids = { sunPlant: 0, deltaPlant: 0, a: 0, b: 0, c: 0, d: 0, tech: 0, f12: 0, f07: 0, x999: 0, f23: 0 };

const app = () => t.app;
const get = (url: string, token: string, lang = 'en') =>
  app().inject({ method: 'GET', url: `/photo_voltaic${url}`, headers: { 'x-token': token, 'accept-language': lang } });
const put = (url: string, token: string, payload?: Record<string, unknown>, lang = 'en') =>
  app().inject({
    method: 'PUT',
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': token, 'accept-language': lang },
    ...(payload !== undefined && { payload }),
  });
const post = (url: string, token: string, payload: Record<string, unknown>, lang = 'en') =>
  app().inject({
    method: 'POST',
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': token, 'accept-language': lang },
    payload,
  });

const fault = (sn: string, code: string, ts: number, message?: string) =>
  app().ingest.submit(sn, 'event', { type: 'fault', ts, code, ...(message && { message }) });
const recover = (sn: string, code: string, ts: number) =>
  app().ingest.submit(sn, 'event', { type: 'recover', ts, code });

const faultsOf = (deviceId: number) =>
  app().db.selectFrom('faults').selectAll().where('device_id', '=', deviceId).orderBy('id').execute();
const historyOf = async (faultId: number) =>
  (
    await app()
      .db.selectFrom('fault_events')
      .select(['action', 'user_id', 'note'])
      .where('fault_id', '=', faultId)
      .orderBy('id')
      .execute()
  ).map((e) => e.action);

async function readXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = app().db;
  const orgs = new Map((await db.selectFrom('orgs').select(['id', 'code']).execute()).map((o) => [o.code, o.id]));
  const sunpath = orgs.get('SUNPATH')!;
  const delta = orgs.get('DELTA')!;
  const plant = async (name: string, orgId: number, zone: string) =>
    (
      await db
        .insertInto('plants')
        .values({ org_id: orgId, name, capacity_wp: 10_000, time_zone: zone, created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  ids.sunPlant = await plant('Fault test Hangzhou', sunpath, 'Asia/Shanghai');
  ids.deltaPlant = await plant('Fault test Madrid', delta, 'Europe/Madrid');
  const device = async (sn: string, orgId: number, plantId: number) =>
    (
      await db
        .insertInto('devices')
        .values(newDevice({ sn, org_id: orgId, plant_id: plantId, name: `Inverter ${sn}` }))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  ids.a = await device('FLT-A', sunpath, ids.sunPlant);
  ids.b = await device('FLT-B', sunpath, ids.sunPlant);
  ids.c = await device('FLT-C', sunpath, ids.sunPlant);
  ids.d = await device('FLT-D', delta, ids.deltaPlant);

  // a technician of SunPath (and below) who may list, repair and export faults
  const { id: roleId } = await db
    .insertInto('roles')
    .values({
      code: 'fault-tech',
      name: 'Fault technician',
      org_id: sunpath,
      data_scope: 'orgAndChildren',
      sensitive: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const resources = await db
    .selectFrom('resources')
    .select('id')
    .where((eb) => eb.or([eb('perm', 'like', 'fault:%'), eb('router_path', '=', '/systems')]))
    .execute();
  await db
    .insertInto('role_resources')
    .values(resources.map((r) => ({ role_id: roleId, resource_id: r.id })))
    .execute();
  const { id: userId } = await db
    .insertInto('users')
    .values({
      org_id: sunpath,
      login_name: 'fault-tech',
      nickname: 'Tech Chen',
      password_hash: await hashPassword(DEMO),
      mobile: null,
      email: null,
      state: 'enabled',
      avatar: '',
      introduction: '',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: userId, role_id: roleId }).execute();
  ids.tech = userId;

  admin = await login(app(), 'admin');
  viewer = await login(app(), 'viewer');
  tech = await login(app(), 'fault-tech');
});
afterAll(async () => t.close());

describe('faults from device events', () => {
  it('opens a fault with the catalogue severity, the plant and organisation, and an "opened" history row', async () => {
    const at = Date.now() - 2 * HOUR;
    await fault('FLT-A', 'F12', at, 'ARC DET 0x12');
    const [f] = await faultsOf(ids.a);
    expect(f).toMatchObject({
      code: 'F12',
      message: 'ARC DET 0x12',
      severity: 'critical',
      state: 'unrepaired',
      processing: 'open',
      occurrences: 1,
      plant_id: ids.sunPlant,
      opened_at: at,
      last_seen_at: at,
      recovered_at: null,
    });
    expect(await historyOf(f!.id)).toEqual(['opened']);
    expect(
      (await app().db.selectFrom('devices').select('run_state').where('id', '=', ids.a).executeTakeFirstOrThrow())
        .run_state,
    ).toBe('failure');
    ids.f12 = f!.id;
  });

  it('counts a fault reported again while open (occurrences, last seen) instead of opening another', async () => {
    const before = (await faultsOf(ids.a))[0]!;
    const again = Number(before.opened_at) + 5 * 60_000;
    await fault('FLT-A', 'F12', again);
    const later = again + 2 * HOUR;
    await fault('FLT-A', 'F12', later);
    const rows = await faultsOf(ids.a);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ occurrences: 3, last_seen_at: later });
    // a repeat within the hour is counted only; after an hour of silence it is written as 'recurred'
    expect(await historyOf(ids.f12)).toEqual(['opened', 'recurred']);
  });

  it('stamps a recover event on the open fault, which stays open until a person repairs it', async () => {
    const at = Date.now() - HOUR;
    await fault('FLT-B', 'F07', at, 'Grid overvoltage 264V');
    await recover('FLT-B', 'F07', at + 10 * 60_000);
    const [f] = await faultsOf(ids.b);
    expect(f).toMatchObject({ recovered_at: at + 10 * 60_000, state: 'unrepaired', processing: 'open' });
    expect(await historyOf(f!.id)).toEqual(['opened', 'recovered']);
    expect(
      (await app().db.selectFrom('devices').select('run_state').where('id', '=', ids.b).executeTakeFirstOrThrow())
        .run_state,
    ).toBe('run');
    const detail = (await get(`/faults/${f!.id}`, admin)).json().data;
    expect(detail.recoveredAt).toBe(at + 10 * 60_000);
    ids.f07 = f!.id;
  });

  it('opens an unknown code as a major fault titled with the device’s raw text', async () => {
    await fault('FLT-C', 'X999', Date.now() - 30 * 60_000, 'Vendor specific: DSP watchdog');
    const [f] = await faultsOf(ids.c);
    expect(f).toMatchObject({ code: 'X999', severity: 'major' });
    const row = (await get(`/faults/${f!.id}`, admin, 'zh')).json().data;
    expect(row).toMatchObject({ title: 'Vendor specific: DSP watchdog', suggestedAction: null });
    ids.x999 = f!.id;
    // another organisation's device
    await fault('FLT-D', 'F23', Date.now() - 3 * DAY);
    ids.f23 = (await faultsOf(ids.d))[0]!.id;
  });
});

describe('the list', () => {
  it('answers rows with the catalogue title in the caller’s language, plant, zone and duration', async () => {
    const res = await get(`/faults?plantId=${ids.sunPlant}`, admin, 'zh');
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json().data;
    expect(total).toBe(3);
    const arc = rows.find((r: { id: number }) => r.id === ids.f12);
    expect(arc).toMatchObject({
      sn: 'FLT-A',
      deviceName: 'Inverter FLT-A',
      plantName: 'Fault test Hangzhou',
      plantTimeZone: 'Asia/Shanghai',
      title: '检测到直流电弧故障',
      message: 'ARC DET 0x12',
      severity: 'critical',
      processing: 'open',
      occurrences: 3,
      handledBy: null,
    });
    expect(arc.durationMs).toBeGreaterThanOrEqual(2 * HOUR - 1000);
    expect(
      (await get(`/faults?plantId=${ids.sunPlant}`, admin))
        .json()
        .data.rows.find((r: { id: number }) => r.id === ids.f12).title,
    ).toBe('DC arc fault detected');
  });

  it("answers a plant's faults (the plant page) with the same rows, titled in the caller's language", async () => {
    const res = await get(`/plants/${ids.sunPlant}/faults?state=unrepaired`, admin, 'zh');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows as { id: number; title: string }[];
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([ids.f12, ids.f07, ids.x999].sort((a, b) => a - b));
    expect(rows.find((r) => r.id === ids.f12)!.title).toBe('检测到直流电弧故障');
  });

  it('filters by device, code, severity, processing, state and time', async () => {
    const idsOf = async (q: string) =>
      ((await get(`/faults?${q}`, admin)).json().data.rows as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
    expect(await idsOf('device=FLT-B')).toEqual([ids.f07]);
    expect(await idsOf('device=Inverter%20FLT-C')).toEqual([ids.x999]);
    expect(await idsOf('code=F23')).toEqual([ids.f23]);
    expect(await idsOf('severity=critical&device=FLT')).toEqual([ids.f12]);
    expect(await idsOf('processing=open&device=FLT')).toEqual(
      [ids.f12, ids.f07, ids.x999, ids.f23].sort((a, b) => a - b),
    );
    expect(await idsOf('state=fixed&device=FLT')).toEqual([]);
    expect(await idsOf('days=1&device=FLT')).toEqual([ids.f12, ids.f07, ids.x999].sort((a, b) => a - b));
    expect(await idsOf(`from=${Date.now() - 4 * DAY}&to=${Date.now() - 2 * DAY}&device=FLT`)).toEqual([ids.f23]);
    const bad = await get('/faults?severity=fatal', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('sorts by severity (critical first, descending) and by opened time, and pages', async () => {
    const bySeverity = (await get('/faults?device=FLT&sortField=severity&sortOrder=descend', admin)).json().data.rows;
    expect(bySeverity.map((r: { severity: string }) => r.severity)).toEqual(['critical', 'major', 'major', 'minor']);
    const ascending = (await get('/faults?device=FLT&sortField=severity&sortOrder=ascend', admin)).json().data.rows;
    expect(ascending[0].severity).toBe('minor');
    const newest = (await get('/faults?device=FLT&pageSize=2', admin)).json().data;
    expect(newest.total).toBe(4);
    expect(newest.rows.map((r: { id: number }) => r.id)).toEqual([ids.x999, ids.f07]);
    const second = (await get('/faults?device=FLT&pageSize=2&pageNum=2', admin)).json().data;
    expect(second.rows.map((r: { id: number }) => r.id)).toEqual([ids.f12, ids.f23]);
    const oldest = (await get('/faults?device=FLT&sortField=openedAt&sortOrder=ascend&pageSize=1', admin)).json().data;
    expect(oldest.rows[0].id).toBe(ids.f23);
  });

  it('counts per processing state for the tabs, whatever the processing filter', async () => {
    const res = await get('/faults/counts?device=FLT&processing=fixed', admin);
    expect(res.json().data).toEqual({ all: 4, open: 4, acknowledged: 0, inProgress: 0, fixed: 0 });
  });

  it('shows a scoped user only the faults of their organisations', async () => {
    const rows = (await get('/faults?device=FLT', tech)).json().data.rows as { id: number }[];
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([ids.f12, ids.f07, ids.x999].sort((a, b) => a - b));
    expect((await get('/faults/counts?device=FLT', tech)).json().data.all).toBe(3);
  });

  it('answers 403 without fault:list', async () => {
    // the organisation administrator's role, its fault list taken away
    const db = app().db;
    const role = await db.selectFrom('roles').select('id').where('code', '=', 'org-admin').executeTakeFirstOrThrow();
    const list = await db.selectFrom('resources').select('id').where('perm', '=', 'fault:list').execute();
    await db
      .deleteFrom('role_resources')
      .where('role_id', '=', role.id)
      .where(
        'resource_id',
        'in',
        list.map((r) => r.id),
      )
      .execute();
    expect((await get('/faults', await login(app(), 'sunpath-admin'))).statusCode).toBe(403);
  });
});

describe('one fault', () => {
  it('answers its facts, suggested action and history; 404 outside the scope', async () => {
    const res = await get(`/faults/${ids.f12}`, tech, 'zh');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ id: ids.f12, title: '检测到直流电弧故障', canHandle: true });
    expect(d.suggestedAction).toContain('直流隔离开关');
    expect(d.history.map((h: { action: string }) => h.action)).toEqual(['opened', 'recurred']);
    expect((await get(`/faults/${ids.f23}`, tech)).statusCode).toBe(404);
    expect((await get(`/faults/${ids.f23}/data`, tech)).statusCode).toBe(404);
    expect((await get('/faults/999999', admin)).statusCode).toBe(404);
    expect((await get(`/faults/${ids.f12}`, viewer)).json().data.canHandle).toBe(false);
  });

  it("answers the device's data from an hour before it opened, from the rollups", async () => {
    const opened = Number((await faultsOf(ids.a))[0]!.opened_at);
    const bucket = Math.floor((opened - 30 * 60_000) / 300_000) * 300_000;
    await app()
      .db.insertInto('device_rollup_5m')
      .values({ device_id: ids.a, bucket, n: 30, points: JSON.stringify({ acPower: 4200 }), point_n: null })
      .execute();
    await app()
      .db.insertInto('device_rollup_5m')
      .values({
        device_id: ids.a,
        bucket: bucket - 3 * HOUR,
        n: 30,
        points: JSON.stringify({ acPower: 1 }),
        point_n: null,
      })
      .execute();
    const res = await get(`/faults/${ids.f12}/data`, admin);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.from).toBe(opened - HOUR);
    expect(d.stepMs).toBe(300_000);
    expect(d.points).toEqual(['acPower']);
    // the rollup 3 h before the fault lies outside the window
    expect(d.series).toEqual([{ point: 'acPower', data: [[bucket, 4200]] }]);
  });
});

describe('steps', () => {
  it('refuses a step without fault:repair (403) and outside the scope (404), changing nothing', async () => {
    expect((await put(`/faults/${ids.f12}/acknowledge`, viewer)).statusCode).toBe(403);
    expect((await post(`/faults/${ids.f12}/notes`, viewer, { note: 'x' })).statusCode).toBe(403);
    expect((await put(`/faults/${ids.f23}/acknowledge`, tech)).statusCode).toBe(404);
    expect((await put(`/faults/${ids.f23}/repair`, tech)).statusCode).toBe(404);
    expect((await post(`/faults/${ids.f23}/notes`, tech, { note: 'x' })).statusCode).toBe(404);
    expect(await historyOf(ids.f23)).toEqual(['opened']);
  });

  it('goes open → acknowledged → in progress → fixed, each step with who, when and its note', async () => {
    const ack = await put(`/faults/${ids.f12}/acknowledge`, tech, { note: 'On my way' });
    expect(ack.json()).toMatchObject({ code: 200, msg: 'Acknowledged' });
    // illegal from acknowledged: acknowledge again
    const again = await put(`/faults/${ids.f12}/acknowledge`, tech, undefined, 'zh');
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('该故障已被确认或正在处理');
    expect((await put(`/faults/${ids.f12}/start`, tech)).json().msg).toBe('Work started');
    // illegal from in progress: acknowledge, start
    expect((await put(`/faults/${ids.f12}/acknowledge`, tech)).statusCode).toBe(409);
    const restart = await put(`/faults/${ids.f12}/start`, tech);
    expect(restart.statusCode).toBe(409);
    expect(restart.json().msg).toBe('Work on this fault has already started');
    expect((await post(`/faults/${ids.f12}/notes`, tech, { note: 'Replaced MC4 pair on string 2' })).json().msg).toBe(
      'Note added',
    );
    const repaired = await put(`/faults/${ids.f12}/repair`, tech, { note: 'Arc fault reset' });
    expect(repaired.json()).toMatchObject({ code: 200, msg: 'Repair Success' });
    // illegal from fixed: every step and a note
    for (const step of ['acknowledge', 'start', 'repair']) {
      const r = await put(`/faults/${ids.f12}/${step}`, tech);
      expect(r.statusCode).toBe(409);
      expect(r.json().msg).toBe('This fault is already repaired');
    }
    expect((await post(`/faults/${ids.f12}/notes`, tech, { note: 'late' })).statusCode).toBe(409);

    const d = (await get(`/faults/${ids.f12}`, admin)).json().data;
    expect(d).toMatchObject({ state: 'fixed', processing: 'fixed', handledBy: 'Tech Chen' });
    expect(d.fixedAt).toBeGreaterThan(d.openedAt);
    expect(d.durationMs).toBe(d.fixedAt - d.openedAt);
    expect(
      d.history.map((h: { action: string; userName: string | null; note: string | null }) => [
        h.action,
        h.userName,
        h.note,
      ]),
    ).toEqual([
      ['opened', null, null],
      ['recurred', null, null],
      ['acknowledged', 'Tech Chen', 'On my way'],
      ['started', 'Tech Chen', null],
      ['note', 'Tech Chen', 'Replaced MC4 pair on string 2'],
      ['fixed', 'Tech Chen', 'Arc fault reset'],
    ]);
    // no fault of the device is open any more: it runs normally again
    expect(
      (await app().db.selectFrom('devices').select('run_state').where('id', '=', ids.a).executeTakeFirstOrThrow())
        .run_state,
    ).toBe('normal');
  });

  it('repairs straight from open and from acknowledged; starts straight from open', async () => {
    expect((await put(`/faults/${ids.f07}/repair`, tech)).statusCode).toBe(200);
    expect((await put(`/faults/${ids.x999}/start`, tech)).statusCode).toBe(200);
    await fault('FLT-C', 'F15', Date.now() - 10 * 60_000);
    const fan = (await faultsOf(ids.c)).find((f) => f.code === 'F15')!;
    expect((await put(`/faults/${fan.id}/acknowledge`, tech)).statusCode).toBe(200);
    expect((await put(`/faults/${fan.id}/repair`, tech)).statusCode).toBe(200);
    expect(await historyOf(fan.id)).toEqual(['opened', 'acknowledged', 'fixed']);
    // X999 is still in progress: the device stays failed
    expect(
      (await app().db.selectFrom('devices').select('run_state').where('id', '=', ids.c).executeTakeFirstOrThrow())
        .run_state,
    ).toBe('failure');
  });

  it('refuses an empty or too long note with a translated message', async () => {
    const empty = await post(`/faults/${ids.x999}/notes`, tech, { note: '  ' }, 'zh');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('备注长度为 1-500 个字符');
    expect((await post(`/faults/${ids.x999}/notes`, tech, { note: 'x'.repeat(501) })).statusCode).toBe(400);
    expect(await historyOf(ids.x999)).toEqual(['opened', 'started']);
  });

  it('audits every step', async () => {
    await app().audit.flush();
    const rows = await app()
      .db.selectFrom('audit_logs')
      .select(['entity', 'record_id', 'summary'])
      .where('record_id', '=', String(ids.f12))
      .where('entity', '=', 'fault')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.summary.split(' ')[0])).toEqual(['acknowledge', 'start', 'note', 'repair']);
    expect(rows[0]!.summary).toContain('F12 FLT-A');
  });

  it('opens a new record when a fixed fault comes back', async () => {
    await fault('FLT-A', 'F12', Date.now());
    const rows = await faultsOf(ids.a);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: ids.f12, state: 'fixed' });
    expect(rows[1]).toMatchObject({ state: 'unrepaired', processing: 'open', occurrences: 1 });
    expect(await historyOf(rows[1]!.id)).toEqual(['opened']);
    const counts = (await get('/faults/counts?device=FLT', admin)).json().data;
    expect(counts).toEqual({ all: 6, open: 2, acknowledged: 0, inProgress: 1, fixed: 3 });
  });
});

describe('export and catalogue', () => {
  it('exports the filtered list with headers and states in the caller’s language (fault:export)', async () => {
    const res = await get(`/faults/export?plantId=${ids.sunPlant}&state=fixed`, admin, 'zh');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('faults.xlsx');
    const { name, rows } = await readXlsx(res.rawPayload);
    expect(name).toBe('故障');
    expect(rows[0]!.slice(0, 8)).toEqual(['ID', '发生时间', '时区', '电站', '设备', 'SN', '故障码', '故障']);
    expect(rows).toHaveLength(4);
    const arc = rows.find((r) => r[0] === ids.f12)!;
    expect(arc).toContain('检测到直流电弧故障');
    expect(arc).toContain('紧急');
    expect(arc).toContain('已修复');
    expect(arc).toContain('Tech Chen');
    expect(arc[2]).toBe('Asia/Shanghai');
    // plant-local times as text, the date in the caller's order (issue 22): zh keeps year-month-day
    expect(arc[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const order = {
      en: /^(\d{4})-(\d{2})-(\d{2}) /,
      es: /^(\d{2})\/(\d{2})\/(\d{4}) /,
      ja: /^(\d{4})\/(\d{2})\/(\d{2}) /,
    };
    const dayOf = (lang: keyof typeof order, text: string) => {
      const m = order[lang].exec(text)!;
      return lang === 'es' ? `${m[3]}-${m[2]}-${m[1]}` : `${m[1]}-${m[2]}-${m[3]}`;
    };
    for (const lang of ['en', 'es', 'ja'] as const) {
      const { rows: local } = await readXlsx(
        (await get(`/faults/export?plantId=${ids.sunPlant}&state=fixed`, admin, lang)).rawPayload,
      );
      const opened = String(local.find((r) => r[0] === ids.f12)![1]);
      expect(opened, lang).toMatch(order[lang]);
      expect(dayOf(lang, opened), lang).toBe(String(arc[1]).slice(0, 10));
      expect(opened.slice(-8)).toBe(String(arc[1]).slice(-8));
    }
    expect((await get('/faults/export', viewer)).statusCode).toBe(403);
  });

  it('lists the catalogue in the caller’s language', async () => {
    const res = await get('/fault-codes', tech, 'ja');
    expect(res.statusCode).toBe(200);
    const f07 = res.json().data.find((c: { code: string }) => c.code === 'F07');
    expect(f07).toMatchObject({ productId: null, severity: 'major', title: '系統過電圧' });
    expect(res.json().data.map((c: { code: string }) => c.code)).toEqual(
      expect.arrayContaining(['F01', 'F07', 'F12', 'F23', 'F31']),
    );
  });
});
