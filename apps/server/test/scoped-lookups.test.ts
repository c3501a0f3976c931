import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillSearchNames } from '../src/db/seed/search-names.js';
import { hashPassword } from '../src/lib/passwords.js';
import { buildTestApp, DEMO, login, newDevice, type TestApp } from './helper.js';

/**
 * What each demo role may look up (issue 17): the device screens' option lists scoped to the
 * caller, the header search over plants and devices, the viewer's audit trail, and which contact
 * details are masked.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  const root = await t.app.db.selectFrom('orgs').select('id').where('code', '=', 'ROOT').executeTakeFirstOrThrow();
  // a signed-in user whose role holds nothing: no device:list, no plant:list
  const { id: roleId } = await t.app.db
    .insertInto('roles')
    .values({ code: 'nothing', name: 'Nothing', org_id: root.id, data_scope: 'all', sensitive: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: userId } = await t.app.db
    .insertInto('users')
    .values({
      org_id: root.id,
      login_name: 'no-perms',
      nickname: 'No Perms',
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
  await t.app.db.insertInto('user_roles').values({ user_id: userId, role_id: roleId }).execute();
  for (const u of ['admin', 'agent', 'viewer', 'delta', 'installer1', 'sunpath-admin', 'no-perms'])
    tokens[u] = await login(t.app, u);
});
afterAll(async () => t.close());

const get = (url: string, who: string, lang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': tokens[who]!, 'accept-language': lang },
  });
const orgId = async (code: string) =>
  (await t.app.db.selectFrom('orgs').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

describe('option lists of the device screens', () => {
  it('the agent gets the products and its own organisations, where the admin lists refuse it', async () => {
    // the admin lists stay admin permissions
    expect((await get('/products', 'agent')).statusCode).toBe(403);
    expect((await get('/orgs', 'agent')).statusCode).toBe(403);

    const products = await get('/options/products', 'agent');
    expect(products.statusCode).toBe(200);
    const all = await t.app.db.selectFrom('products').select(['id', 'name', 'code', 'type']).execute();
    expect(all.length).toBeGreaterThan(0);
    expect(products.json().data).toHaveLength(all.length);
    expect(products.json().data[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), code: expect.any(String) }),
    );
    const names = (products.json().data as { name: string }[]).map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const orgs = await get('/options/orgs', 'agent');
    expect(orgs.statusCode).toBe(200);
    // SunPath and its installer only; SunPath's parent (the platform) is outside: null
    expect(orgs.json().data).toEqual([
      { id: await orgId('SUNPATH'), parentId: null, name: 'SunPath Services' },
      { id: await orgId('GREENROOF'), parentId: await orgId('SUNPATH'), name: 'Green Roof Installers' },
    ]);
  });

  it('each caller sees its own scope: the installer its organisation, Delta its own, the admin all', async () => {
    expect((await get('/options/orgs', 'installer1')).json().data).toEqual([
      { id: await orgId('GREENROOF'), parentId: null, name: 'Green Roof Installers' },
    ]);
    expect((await get('/options/orgs', 'delta')).json().data.map((o: { id: number }) => o.id)).toEqual([
      await orgId('DELTA'),
    ]);
    const everything = (await get('/options/orgs', 'admin')).json().data as { id: number; parentId: number | null }[];
    const count = await t.app.db
      .selectFrom('orgs')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(everything).toHaveLength(Number(count.n));
    expect(everything[0]).toMatchObject({ id: await orgId('ROOT'), parentId: null });
    expect(everything.filter((o) => o.parentId === null)).toHaveLength(1);
  });

  it('need device:list: 403 without it, 401 signed out', async () => {
    for (const url of ['/options/products', '/options/orgs']) {
      const res = await get(url, 'no-perms');
      expect(res.statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/photo_voltaic${url}` })).statusCode, url).toBe(401);
    }
  });
});

type Found = {
  plants: { id: number; name: string; orgName: string; timeZone: string }[];
  devices: { sn: string }[];
  customers: { id: number; name: string; nickname: string; orgName: string }[];
};
const search = async (q: string, who: string) => {
  const res = await get(`/search?q=${encodeURIComponent(q)}`, who);
  expect(res.statusCode, `${who} ${q}`).toBe(200);
  return res.json().data as Found;
};

describe('the header search', () => {
  it("finds plants by name and devices by SN, whatever the case, in the caller's scope only", async () => {
    const admin = await search('p0001', 'admin');
    expect(admin.devices.map((d) => d.sn)).toEqual([
      'BATP000101',
      'INVP000101',
      'INVP000102',
      'INVP000103',
      'METP000101',
    ]);
    const plant = await search('SHANG', 'admin');
    expect(plant.plants).toEqual([
      { id: expect.any(Number), name: 'Shanghai1', orgName: 'SunPath Services', timeZone: 'Asia/Shanghai' },
    ]);
    // the agent sees SunPath and Green Roof, not Delta nor the platform's own plants
    const agent = await search('1', 'agent');
    expect(agent.plants.map((p) => p.name).sort()).toEqual(['Hangzhou1', 'Shanghai1', 'Sydney1']);
    expect((await search('INVP0003', 'agent')).devices).toEqual([]);
    expect((await search('tokyo', 'agent')).plants).toEqual([]);
    expect((await search('INVP0003', 'delta')).devices.map((d) => d.sn)).toEqual([
      'INVP000301',
      'INVP000302',
      'INVP000303',
    ]);
    expect((await search('INVP0003', 'admin')).devices).toHaveLength(3);
  });

  it('puts names and SNs that start with the text first, and answers at most 10 of each', async () => {
    const sunpath = await orgId('SUNPATH');
    await t.app.db
      .insertInto('devices')
      .values(
        Array.from({ length: 12 }, (_, i) =>
          newDevice({ sn: `ZZSEARCH${String(i).padStart(2, '0')}`, org_id: sunpath }),
        ),
      )
      .execute();
    await t.app.db
      .insertInto('devices')
      .values(newDevice({ sn: 'AZZSEARCH-LAST', org_id: sunpath }))
      .execute();
    const found = await search('zzsearch', 'agent');
    expect(found.devices).toHaveLength(10);
    expect(found.devices[0]!.sn).toBe('ZZSEARCH00');
    expect(found.devices.map((d) => d.sn)).not.toContain('AZZSEARCH-LAST');
    expect((await search('search-last', 'agent')).devices.map((d) => d.sn)).toEqual(['AZZSEARCH-LAST']);
  });

  it('treats % and _ as text, not as wildcards', async () => {
    expect(await search('%', 'admin')).toEqual({ plants: [], devices: [], customers: [] });
    expect(await search('_', 'admin')).toEqual({ plants: [], devices: [], customers: [] });
  });

  it('finds a device of a plant granted to the caller beyond its scope', async () => {
    const tokyo = await t.app.db
      .selectFrom('plants')
      .select('id')
      .where('name', '=', 'Tokyo1')
      .executeTakeFirstOrThrow();
    const agent = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', 'agent')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('plant_grants')
      .values({ plant_id: tokyo.id, user_id: agent.id, perms: 'view', granted_by: null, created_at: Date.now() })
      .execute();
    expect((await search('tokyo', 'agent')).plants.map((p) => p.name)).toEqual(['Tokyo1']);
    expect((await search('INVP0004', 'agent')).devices.map((d) => d.sn)).toContain('INVP000401');
  });

  // issue 42: "Sao" found no "São Paulo" plant, and "Liu Yang" no customer
  it('finds plants whatever the case, accents and spaces of the text, in the scope only', async () => {
    const delta = await orgId('DELTA');
    // plant names are letters and digits (the demo's "SaoPaulo1"), as the §5 rule has them
    await t.app.db
      .insertInto('plants')
      .values(
        ['SaoPaulo1', 'SaoPaulo2', 'Salvador1'].map((name) => ({
          org_id: delta,
          name,
          capacity_wp: 5000,
          country: 'BR',
          time_zone: 'America/Sao_Paulo',
          latitude: -23.55,
          longitude: -46.63,
          address: 'Av. Paulista 1000',
          install_position: 'roof',
          installed_at: Date.now(),
          created_at: Date.now(),
        })),
      )
      .execute();
    const names = async (q: string, who = 'admin') => (await search(q, who)).plants.map((p) => p.name);
    for (const q of ['Sao', 'sao', 'SAO', 'São', 'SÃO', 'Sa\u0303o', 'Sao Paulo', 'são paulo', 'SÃO PAULO'])
      expect(await names(q), q).toEqual(['SaoPaulo1', 'SaoPaulo2']);
    expect(await names('São Paulo 2')).toEqual(['SaoPaulo2']);
    // the scope stays: Delta's plants are not SunPath's agent's
    expect(await names('Sao', 'delta')).toEqual(['SaoPaulo1', 'SaoPaulo2']);
    expect(await names('Sao', 'agent')).toEqual([]);
    // accents fold, letters do not; accents alone are no text
    expect(await names('Sal')).toEqual(['Salvador1']);
    expect(await search('\u0303', 'admin')).toEqual({ plants: [], devices: [], customers: [] });
  });

  it('finds customers by name or nickname, with customer:list, in the scope of the customer list', async () => {
    const all = (await search('Liu Yang', 'admin')).customers;
    const inDb = await t.app.db
      .selectFrom('customers as c')
      .innerJoin('orgs as o', 'o.id', 'c.org_id')
      .select(['c.id', 'c.name', 'c.nickname', 'o.name as orgName'])
      .where('c.name', '=', 'Liu Yang')
      .orderBy('c.id')
      .execute();
    expect(inDb.length).toBeGreaterThan(1);
    expect([...all].sort((a, b) => a.id - b.id)).toEqual(inDb);
    expect((await search('liu yang', 'admin')).customers).toHaveLength(inDb.length);
    expect((await search('yang', 'admin')).customers.map((c) => c.name)).toContain('Liu Yang');
    // the SunPath agent: its organisation and Green Roof below it, no more
    const agent = (await search('Liu Yang', 'agent')).customers;
    expect(agent.map((c) => c.orgName)).toEqual(['Green Roof Installers']);
    expect(inDb.filter((c) => c.orgName === 'Green Roof Installers').map((c) => c.id)).toEqual(agent.map((c) => c.id));
    expect((await search('Liu Yang', 'delta')).customers).toEqual([]);
  });

  it('finds a customer whatever the accents of the name, as written through the API or before the column', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/customers',
      headers: { 'x-token': tokens.admin! },
      payload: { name: 'María José Núñez', nickname: 'Majo', orgId: await orgId('DELTA') },
    });
    expect(created.statusCode, created.body).toBe(200);
    const found = async (q: string, who = 'admin') => (await search(q, who)).customers.map((c) => c.name);
    for (const q of ['maria jose', 'MARÍA JOSÉ', 'nunez', 'Núñez', 'majo', 'Nu\u0301n\u0303ez'])
      expect(await found(q), q).toEqual(['María José Núñez']);
    expect(await found('nunez', 'delta')).toEqual(['María José Núñez']);
    expect(await found('nunez', 'agent')).toEqual([]);
    // renamed: the search follows
    const id = (await search('majo', 'admin')).customers[0]!.id;
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/photo_voltaic/customers/${id}`,
      headers: { 'x-token': tokens.admin! },
      payload: { name: 'Zoë Ångström', nickname: 'Zo', orgId: await orgId('DELTA') },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found('nunez')).toEqual([]);
    expect(await found('zoe angstrom')).toEqual(['Zoë Ångström']);
    // a row written without the column (before the upgrade): found by its plain letters, then by
    // its accents once the start has filled the column
    const delta = await orgId('DELTA');
    await t.app.db
      .insertInto('customers')
      .values({
        org_id: delta,
        name: 'Bjørn Åkesson',
        nickname: '',
        email: null,
        phone: null,
        address: null,
        user_id: null,
        created_at: Date.now(),
      })
      .execute();
    expect(await found('kesson')).toEqual(['Bjørn Åkesson']);
    expect(await found('bjorn')).toEqual([]);
    await fillSearchNames(t.app.db);
    expect(await found('bjorn akesson')).toEqual(['Bjørn Åkesson']);
  });

  it('answers each list only with its permission, and needs a session and some text', async () => {
    expect(await search('1', 'no-perms')).toEqual({ plants: [], devices: [], customers: [] });
    expect(await search('Liu', 'no-perms')).toEqual({ plants: [], devices: [], customers: [] });
    expect((await t.app.inject({ method: 'GET', url: '/photo_voltaic/search?q=INV' })).statusCode).toBe(401);
    const empty = await get('/search?q=%20', 'admin');
    expect(empty.statusCode).toBe(400);
    expect((await get(`/search?q=${'x'.repeat(65)}`, 'admin')).statusCode).toBe(400);
  });
});

describe('the viewer', () => {
  it('"Audit Viewer" reads the audit trail (ROOT group, audit:list) but has no export button', async () => {
    const viewer = await t.app.db
      .selectFrom('users')
      .select('nickname')
      .where('login_name', '=', 'viewer')
      .executeTakeFirstOrThrow();
    expect(viewer.nickname).toBe('Audit Viewer');
    const trail = await get('/audit?pageSize=5', 'viewer');
    expect(trail.statusCode).toBe(200);
    expect(trail.json().data.total).toBeGreaterThan(0);
    expect((await get('/audit/entities', 'viewer')).statusCode).toBe(200);
    expect((await get('/audit/export', 'viewer')).statusCode).toBe(403);
    const info = (await get('/sysOrgUser/currentInfo', 'viewer')).json().data;
    expect(info.list.map((l: { routerPath: string }) => l.routerPath)).toContain('/auth/audit');
    expect(info.perms).not.toContain('audit:export');
  });

  it("sees an organisation's address in full, its contact's phone and people's e-mail and phone masked", async () => {
    const sunpath = (await get(`/orgs/${await orgId('SUNPATH')}`, 'viewer')).json().data;
    expect(sunpath.address).toBe('12 Wensan Road, Hangzhou');
    expect(sunpath.phone).not.toBe('+86 571 8765 4321');
    expect(sunpath.phone).toContain('****');
    const tree = (await get('/orgs', 'viewer')).json().data as { code: string; address: string | null }[];
    expect(tree.find((o) => o.code === 'DELTA')!.address).toBe('Calle de Alcalá 45, Madrid');
    const users = (await get('/users?loginName=agent', 'viewer')).json().data.rows as {
      loginName: string;
      mobile: string;
      email: string;
    }[];
    const agent = users.find((u) => u.loginName === 'agent')!;
    expect(agent.mobile).toBe('137****7000');
    expect(agent.email).toBe('a***@sunpath.example');
  });
});
