import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

const BASE = '/photo_voltaic';

describe('service providers (SAAS off)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await buildTestApp();
    for (const who of ['admin', 'viewer', 'agent', 'delta', 'installer1']) tokens[who] = await login(t.app, who);
  });
  afterAll(async () => t.close());

  const call = (who: string, method: string, url: string, payload?: object, lang = 'en') =>
    t.app.inject({
      method: method as 'GET',
      url: `${BASE}${url}`,
      headers: { 'x-token': tokens[who]!, 'accept-language': lang },
      ...(payload && { payload }),
    });
  const orgId = async (code: string) =>
    (await t.app.db.selectFrom('orgs').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const plantsOf = (orgIdValue: number) =>
    t.app.db.selectFrom('plants').select('id').where('org_id', '=', orgIdValue).orderBy('id').execute();

  it('lists the demo providers with their profiles and projects counted from the plants they serve', async () => {
    const res = await call('admin', 'GET', '/providers?pageSize=50');
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json().data;
    expect(total).toBe(2);
    const sunpath = rows.find((r: { name: string }) => r.name === 'SunPath Services');
    expect(sunpath).toMatchObject({ contractNo: 'SP-2024-0317', contractStatus: 'active', serviceType: 'fullService' });
    // SunPath serves its own plants and those of Green Roof below it
    const sunpathId = await orgId('SUNPATH');
    const greenRoof = await orgId('GREENROOF');
    expect(sunpath.projects).toBe((await plantsOf(sunpathId)).length + (await plantsOf(greenRoof)).length);
    expect(sunpath.projects).toBeGreaterThan(0);
    // the admin holds the sensitive-data grant; the viewer does not and sees the phone masked
    expect(sunpath.phone).toBe('+86 571 8765 4321');
    const masked = (await call('viewer', 'GET', '/providers?keyword=sunpath')).json().data.rows[0];
    expect(masked.phone).toMatch(/\*{4}/);
  });

  it('searches by name, contact, contract number or area in SQL, and pages', async () => {
    const byContract = (await call('admin', 'GET', '/providers?keyword=dl-2025')).json().data;
    expect(byContract.rows.map((r: { name: string }) => r.name)).toEqual(['Delta Energy Services']);
    const byArea = (await call('admin', 'GET', '/providers?keyword=zhejiang')).json().data;
    expect(byArea.rows.map((r: { name: string }) => r.name)).toEqual(['SunPath Services']);
    const paged = (await call('admin', 'GET', '/providers?pageSize=1&pageNum=2')).json().data;
    expect(paged.total).toBe(2);
    expect(paged.rows).toHaveLength(1);
  });

  it('keeps a provider user to its own organisation: others answer 404', async () => {
    const delta = await orgId('DELTA');
    const sunpath = await orgId('SUNPATH');
    const list = (await call('agent', 'GET', '/providers')).json().data;
    expect(list.rows.map((r: { id: number }) => r.id)).toEqual([sunpath]);
    expect((await call('agent', 'GET', `/providers/${delta}`)).statusCode).toBe(404);
    expect((await call('agent', 'GET', `/providers/${sunpath}`)).statusCode).toBe(200);
    // the agent role holds the menus, not the buttons
    expect((await call('agent', 'POST', '/providers', { name: 'Sneaky' })).statusCode).toBe(403);
    expect((await call('agent', 'DELETE', `/providers/${delta}`)).statusCode).toBe(403);
  });

  it('creates, edits and deletes a provider by the rules, with translated refusals', async () => {
    const bad = await call('admin', 'POST', '/providers', { name: 'Bad name!', phone: 'abc' }, 'zh');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    const badDay = await call('admin', 'POST', '/providers', { name: 'Sunny', lastMaintenanceAt: '2026-02-30' });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().msg).toContain('2026-05-31');
    const badPhone = await call('admin', 'POST', '/providers', { name: 'Sunny', phone: 'call me' });
    expect(badPhone.json().msg).toContain('Please enter a correct phone number');
    const badContract = await call('admin', 'POST', '/providers', { name: 'Sunny', contractNo: '-x' });
    expect(badContract.statusCode).toBe(400);
    const before = await t.app.db.selectFrom('orgs').select('id').execute();

    const created = await call('admin', 'POST', '/providers', {
      name: 'Sunny',
      contact: 'Wang Fang',
      phone: '+86 21 6000 1234',
      providerType: 'om',
      serviceType: 'cleaning',
      serviceArea: 'Suzhou',
      contractNo: 'SUN-2026-01',
      contractStatus: 'pending',
      certification: 'ISO 9001',
      lastMaintenanceAt: '2026-11-01',
      remarks: 'Monthly cleaning',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().msg).toBe('Create Successful');
    const row = created.json().data;
    expect(row).toMatchObject({
      name: 'Sunny',
      projects: 0,
      contractStatus: 'pending',
      lastMaintenanceAt: '2026-11-01',
    });
    expect((await t.app.db.selectFrom('orgs').select('id').execute()).length).toBe(before.length + 1);
    const org = await t.app.db
      .selectFrom('orgs as o')
      .innerJoin('org_groups as g', 'g.id', 'o.group_id')
      .select(['g.code', 'o.parent_id'])
      .where('o.id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(org).toEqual({ code: 'AGENT', parent_id: await orgId('ROOT') });

    const edited = await call('admin', 'PUT', `/providers/${row.id}`, {
      name: 'Sunny',
      contractStatus: 'active',
      serviceArea: 'Suzhou, Wuxi',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ contractStatus: 'active', serviceArea: 'Suzhou, Wuxi', remarks: null });

    const deleted = await call('admin', 'DELETE', `/providers/${row.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('admin', 'GET', `/providers/${row.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a provider while plants are assigned, in the caller language', async () => {
    const delta = await orgId('DELTA');
    const plants = (await plantsOf(delta)).length;
    expect(plants).toBeGreaterThan(0);
    const res = await call('admin', 'DELETE', `/providers/${delta}`, undefined, 'zh');
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(`该服务商仍在服务 ${plants} 个电站，请先将电站分配给其他服务商`);
    expect((await call('admin', 'GET', `/providers/${delta}`)).statusCode).toBe(200);
  });

  it('exports the list as a workbook with headers in the caller language', async () => {
    const res = await call('admin', 'GET', '/providers/export?keyword=delta', undefined, 'zh');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('服务商');
    expect(sheet.getRow(1).getCell(1).value).toBe('名称');
    expect(sheet.getRow(1).values).toContain('合同编号');
    expect(sheet.getRow(2).getCell(1).value).toBe('Delta Energy Services');
    expect(sheet.getRow(2).values).toContain('履约中');
    expect(sheet.rowCount).toBe(2);
    expect((await call('viewer', 'GET', '/providers/export')).statusCode).toBe(403);
  });

  it('lists plants with their provider and filters by provider or none', async () => {
    const delta = await orgId('DELTA');
    const all = (await call('admin', 'GET', '/provider-plants?pageSize=100')).json().data;
    expect(all.total).toBe(6);
    const deltaRows = all.rows.filter((r: { providerId: number | null }) => r.providerId === delta);
    expect(deltaRows.length).toBeGreaterThan(0);
    expect(deltaRows[0].providerName).toBe('Delta Energy Services');
    const filtered = (await call('admin', 'GET', `/provider-plants?providerId=${delta}`)).json().data;
    expect(filtered.total).toBe(deltaRows.length);
    const none = (await call('admin', 'GET', '/provider-plants?providerId=0')).json().data;
    expect(none.rows.every((r: { providerId: number | null }) => r.providerId === null)).toBe(true);
    expect(none.total).toBe(all.rows.filter((r: { providerId: number | null }) => r.providerId === null).length);
  });

  it('reassignment matrix: the old provider gets 404 at its very next request, the new one 200', async () => {
    const sunpath = await orgId('SUNPATH');
    const delta = await orgId('DELTA');
    const [plant] = await plantsOf(sunpath);
    const device = await t.app.db
      .selectFrom('devices')
      .select('id')
      .where('plant_id', '=', plant!.id)
      .executeTakeFirstOrThrow();
    // a fault of the plant's device, and a grant of the plant to a user of the old provider (Green Roof, below SunPath)
    const now = Date.now();
    const fault = await t.app.db
      .insertInto('faults')
      .values({
        device_id: device.id,
        code: 'E101',
        message: null,
        state: 'unrepaired',
        opened_at: now,
        fixed_at: null,
        plant_id: plant!.id,
        org_id: sunpath,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const installer = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', 'installer1')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('plant_grants')
      .values({ plant_id: plant!.id, user_id: installer.id, perms: 'view', granted_by: null, created_at: now })
      .execute();
    // warm every cache: sessions, the plant answers, the list counts
    for (const who of ['agent', 'delta', 'installer1']) {
      await call(who, 'GET', '/plants?pageSize=50');
      await call(who, 'GET', `/plants/${plant!.id}`);
    }
    expect((await call('agent', 'GET', `/plants/${plant!.id}`)).statusCode).toBe(200);
    expect((await call('agent', 'GET', `/devices/${device.id}`)).statusCode).toBe(200);
    expect((await call('installer1', 'GET', `/plants/${plant!.id}`)).statusCode).toBe(200);
    expect((await call('delta', 'GET', `/plants/${plant!.id}`)).statusCode).toBe(404);
    expect((await call('delta', 'GET', `/devices/${device.id}`)).statusCode).toBe(404);
    const agentTotal = (await call('agent', 'GET', '/plants?pageSize=50')).json().data.total;

    // the agent role may not assign; an unknown plant refuses the whole batch
    expect(
      (await call('agent', 'PUT', '/provider-plants/assign', { providerId: delta, plantIds: [plant!.id] })).statusCode,
    ).toBe(403);
    const unknown = await call('admin', 'PUT', '/provider-plants/assign', {
      providerId: delta,
      plantIds: [plant!.id, 999999],
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call('agent', 'GET', `/plants/${plant!.id}`)).statusCode).toBe(200);

    const res = await call(
      'admin',
      'PUT',
      '/provider-plants/assign',
      { providerId: delta, plantIds: [plant!.id] },
      'zh',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe('分配成功');

    const matrix = [
      ['agent', `/plants/${plant!.id}`, 404],
      ['agent', `/devices/${device.id}`, 404],
      ['installer1', `/plants/${plant!.id}`, 404],
      ['delta', `/plants/${plant!.id}`, 200],
      ['delta', `/devices/${device.id}`, 200],
      ['admin', `/plants/${plant!.id}`, 200],
    ] as const;
    for (const [who, url, code] of matrix)
      expect([who, url, (await call(who, 'GET', url)).statusCode]).toEqual([who, url, code]);
    expect((await call('agent', 'GET', '/plants?pageSize=50')).json().data.total).toBe(agentTotal - 1);
    const moved = await t.app.db
      .selectFrom('plants')
      .select(['org_id', 'installer_org_id'])
      .where('id', '=', plant!.id)
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ org_id: delta, installer_org_id: delta });
    const movedFault = await t.app.db
      .selectFrom('faults')
      .select('org_id')
      .where('id', '=', fault.id)
      .executeTakeFirstOrThrow();
    expect(movedFault.org_id).toBe(delta);
    expect(await t.app.db.selectFrom('plant_grants').select('id').where('plant_id', '=', plant!.id).execute()).toEqual(
      [],
    );
    const row = (await call('admin', 'GET', `/provider-plants?providerId=${delta}`)).json().data.rows;
    expect(row.map((r: { id: number }) => r.id)).toContain(plant!.id);

    // and back, several at once
    const back = await call('admin', 'PUT', '/provider-plants/assign', {
      providerId: sunpath,
      plantIds: (await plantsOf(delta)).map((p) => p.id),
    });
    expect(back.statusCode).toBe(200);
    expect((await call('agent', 'GET', `/plants/${plant!.id}`)).statusCode).toBe(200);
    expect((await call('delta', 'GET', `/plants/${plant!.id}`)).statusCode).toBe(404);
    expect((await plantsOf(delta)).length).toBe(0);
    // Delta serves nothing now: it may go (its users hold it, so it is still in use)
    const del = await call('admin', 'DELETE', `/providers/${delta}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toContain('users, roles or sub-organisations');
  });

  it('puts both menus and their buttons in currentInfo', async () => {
    const info = (await call('admin', 'GET', '/sysOrgUser/currentInfo')).json().data;
    const paths = info.list.map((m: { routerPath: string }) => m.routerPath);
    expect(paths).toEqual(
      expect.arrayContaining(['/business_partners/service_provider', '/business_partners/service_provider_management']),
    );
    expect(info.perms).toContain('provider:assign');
  });
});

describe('service providers with SAAS=true', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp({ SAAS: 'true' });
    token = await login(t.app, 'admin');
  });
  afterAll(async () => t.close());

  it('answers 404 on every provider route and leaves both menus out of currentInfo', async () => {
    const get = (url: string, method = 'GET') =>
      t.app.inject({ method: method as 'GET', url: `${BASE}${url}`, headers: { 'x-token': token } });
    for (const [method, url] of [
      ['GET', '/providers'],
      ['GET', '/providers/export'],
      ['GET', '/providers/options'],
      ['GET', '/providers/1'],
      ['DELETE', '/providers/1'],
      ['GET', '/provider-plants'],
      ['PUT', '/provider-plants/assign'],
    ] as const)
      expect([method, url, (await get(url, method)).statusCode]).toEqual([method, url, 404]);
    const info = (await get('/sysOrgUser/currentInfo')).json().data;
    const paths: string[] = info.list.map((m: { routerPath: string }) => m.routerPath);
    expect(paths).toContain('/business_partners/clients_list');
    expect(paths.filter((p) => p.includes('service_provider'))).toEqual([]);
    expect(info.perms).not.toMatch(/provider:/);
    expect(info.perms).toContain('plant:create');
  });
});
