import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

// Customers (issue 19): list, search, paging, masking, scope, create / edit / delete rules, export,
// and a customer's own login account that sees only the plants it owns.
let t: TestApp;
let admin: string;
let agent: string;
let orgAdmin: string;
const url = '/photo_voltaic/customers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Res = { statusCode: number; json(): { code: number; msg: string; data: any } };
const api = async (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
  lang = 'en',
): Promise<Res> =>
  t.app.inject({
    method,
    url: path,
    headers: { 'x-token': token, 'accept-language': lang },
    ...(payload && { payload }),
  });

const orgId = async (code: string) =>
  (await t.app.db.selectFrom('orgs').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, agent, orgAdmin] = (await Promise.all(['admin', 'agent', 'sunpath-admin'].map((u) => login(t.app, u)))) as [
    string,
    string,
    string,
  ];
});
afterAll(async () => t?.close());

describe('list', () => {
  it('pages in SQL, counts each customer’s plants and names the organisation that serves them', async () => {
    const db = t.app.db;
    const all = await db.selectFrom('customers').select('id').execute();
    const res = await api(admin, 'GET', `${url}?pageNum=1&pageSize=4`);
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json().data;
    expect(total).toBe(all.length);
    expect(rows).toHaveLength(4);
    const page2 = (await api(admin, 'GET', `${url}?pageNum=2&pageSize=4`)).json().data.rows;
    expect(page2.map((r: { id: number }) => r.id)).not.toContain(rows[0].id);
    for (const r of rows) {
      const n = await db
        .selectFrom('plants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', r.id)
        .executeTakeFirstOrThrow();
      expect(r.plants).toBe(Number(n.n));
      const c = await db
        .selectFrom('customers as c')
        .innerJoin('orgs as o', 'o.id', 'c.org_id')
        .select('o.name')
        .where('c.id', '=', r.id)
        .executeTakeFirstOrThrow();
      expect(r.orgName).toBe(c.name);
    }
    expect(rows.some((r: { plants: number }) => r.plants > 0)).toBe(true);
  });

  it('searches name, e-mail, phone and organisation (case-insensitive)', async () => {
    const one = (await api(admin, 'GET', `${url}?name=CHEN`)).json().data;
    expect(one.total).toBeGreaterThan(0);
    expect(one.rows.every((r: { name: string }) => r.name === 'Chen Jing')).toBe(true);
    const byMail = (await api(admin, 'GET', `${url}?email=maria.lopez4@`)).json().data;
    expect(byMail.rows.map((r: { email: string }) => r.email)).toEqual(['maria.lopez4@customers.example']);
    const byPhone = (await api(admin, 'GET', `${url}?phone=13800001002`)).json().data;
    expect(byPhone.total).toBe(1);
    const byOrg = (await api(admin, 'GET', `${url}?org=green roof`)).json().data;
    expect(byOrg.total).toBe(3);
    expect(byOrg.rows.every((r: { orgName: string }) => r.orgName === 'Green Roof Installers')).toBe(true);
  });

  it('masks phone, e-mail and address for a role without the sensitive-data grant, in the list and the export', async () => {
    const open = (await api(orgAdmin, 'GET', `${url}?org=green roof`)).json().data.rows[0];
    expect(open.email).toMatch(/^[a-z.]+\d+@customers\.example$/);
    expect(open.phone).toMatch(/^1380000\d{4}$/);
    const masked = (await api(agent, 'GET', `${url}?org=green roof`)).json().data.rows;
    const same = masked.find((r: { id: number }) => r.id === open.id);
    expect(same.email).toBe(`${open.email[0]}***@customers.example`);
    expect(same.phone).toBe(`${open.phone.slice(0, 3)}****${open.phone.slice(-4)}`);
    expect(same.address).toMatch(/\*\*\*\*$/);
    expect(same.address).not.toBe(open.address);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `${url}/export?org=green roof`,
      headers: { 'x-token': agent },
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const text = JSON.stringify(wb.worksheets[0]!.getSheetValues());
    expect(text).toContain(same.email);
    expect(text).not.toContain(open.email);
    expect(text).not.toContain(open.phone);
  });

  it('exports with the headers in the caller’s language (zh)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}/export`,
      headers: { 'x-token': admin, 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="customers.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('客户');
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['姓名', '邮箱', '电话', '地址', '服务组织', '登录账号', '电站数']),
    );
    const total = (await api(admin, 'GET', url)).json().data.total;
    expect(sheet.actualRowCount).toBe(total + 1);
  });

  it('answers 404 for a customer outside the caller’s scope, and lists none of them', async () => {
    const delta = await orgId('DELTA');
    const theirs = await t.app.db
      .selectFrom('customers')
      .select('id')
      .where('org_id', '=', delta)
      .executeTakeFirstOrThrow();
    expect((await api(agent, 'GET', `${url}/${theirs.id}`)).statusCode).toBe(404);
    const put = await api(orgAdmin, 'PUT', `${url}/${theirs.id}`, { name: 'Taken Over' });
    expect(put.statusCode).toBe(404);
    expect((await api(orgAdmin, 'DELETE', `${url}/${theirs.id}`)).statusCode).toBe(404);
    const listed = (await api(agent, 'GET', `${url}?pageSize=500`)).json().data.rows;
    expect(listed.some((r: { orgId: number }) => r.orgId === delta)).toBe(false);
    expect(listed.length).toBeGreaterThan(0);
    // nor may a customer be put in an organisation outside the scope
    const create = await api(orgAdmin, 'POST', url, { name: 'Elsewhere', orgId: delta });
    expect(create.statusCode).toBe(404);
    const opts = (await api(agent, 'GET', `${url}/options?keyword=a`)).json().data;
    expect(opts.length).toBeGreaterThan(0);
    expect(opts.some((o: { orgId: number }) => o.orgId === delta)).toBe(false);
  });

  it('needs the permissions of the route table', async () => {
    const viewer = await login(t.app, 'viewer');
    expect((await api(viewer, 'GET', url)).statusCode).toBe(200);
    expect((await api(viewer, 'POST', url, { name: 'Nobody' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('create, edit, delete', () => {
  it('refuses a wrong e-mail or phone with the spec’s message and creates nothing', async () => {
    const before = await t.app.db.selectFrom('customers').select('id').execute();
    const mail = await api(admin, 'POST', url, { name: 'Bad Mail', email: 'not-a-mail' });
    expect(mail.statusCode).toBe(400);
    expect(mail.json().msg).toContain('Please enter a correct e-mail address');
    const phone = await api(admin, 'POST', url, { name: 'Bad Phone', phone: '12ab' }, 'zh');
    expect(phone.statusCode).toBe(400);
    expect(phone.json().msg).toContain('请输入正确的手机号码');
    expect(await t.app.db.selectFrom('customers').select('id').execute()).toHaveLength(before.length);
  });

  it('creates in the caller’s organisation, edits, and deletes a customer without plants', async () => {
    const res = await api(orgAdmin, 'POST', url, {
      name: 'Anna Schmidt',
      nickname: 'Anna',
      email: 'anna@example.com',
      phone: '+49 170 1234567',
      address: 'Hauptstraße 1, Berlin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe('Create Successful');
    const id = res.json().data.id;
    const row = (await api(orgAdmin, 'GET', `${url}/${id}`)).json().data;
    expect(row).toMatchObject({ name: 'Anna Schmidt', orgId: await orgId('SUNPATH'), plants: 0, loginName: null });
    const put = await api(orgAdmin, 'PUT', `${url}/${id}`, { name: 'Anna Schmidt-Lang', email: '' });
    expect(put.statusCode).toBe(200);
    expect((await api(orgAdmin, 'GET', `${url}/${id}`)).json().data).toMatchObject({
      name: 'Anna Schmidt-Lang',
      email: null,
    });
    // an editor who sees the data masked sends it back as shown, or leaves it out: it is kept
    const shown = (await api(agent, 'GET', `${url}/${id}`)).json().data;
    expect(shown.address).toMatch(/\*\*\*\*$/);
    await api(orgAdmin, 'PUT', `${url}/${id}`, { name: 'Anna Schmidt-Lang', phone: '+49 170 7654321' });
    expect((await api(agent, 'PUT', `${url}/${id}`, { name: 'Anna S.', address: shown.address })).statusCode).toBe(200);
    expect((await api(orgAdmin, 'GET', `${url}/${id}`)).json().data).toMatchObject({
      name: 'Anna S.',
      nickname: 'Anna',
      phone: '+49 170 7654321',
      address: 'Hauptstraße 1, Berlin',
    });
    expect((await api(orgAdmin, 'DELETE', `${url}/${id}`)).statusCode).toBe(200);
    expect((await api(orgAdmin, 'GET', `${url}/${id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a customer who owns plants, with a translated message, and keeps it', async () => {
    const owner = await t.app.db
      .selectFrom('plants')
      .select(({ fn }) => ['owner_id', fn.countAll<number>().as('n')])
      .where('owner_id', 'is not', null)
      .groupBy('owner_id')
      .executeTakeFirstOrThrow();
    const en = await api(admin, 'DELETE', `${url}/${owner.owner_id}`);
    expect(en.statusCode).toBe(409);
    expect(en.json().msg).toBe(
      `This customer still owns plants (${Number(owner.n)}): give them another owner or delete them first`,
    );
    const zh = await api(admin, 'DELETE', `${url}/${owner.owner_id}`, undefined, 'zh');
    expect(zh.json().msg).toBe(`该客户名下还有 ${Number(owner.n)} 个电站，请先更换电站业主或删除这些电站`);
    expect((await api(admin, 'GET', `${url}/${owner.owner_id}`)).statusCode).toBe(200);
  });

  it('asks for an e-mail before opening a login account and refuses a taken login name', async () => {
    const noMail = await api(admin, 'POST', url, { name: 'No Mail', loginName: 'nomail' });
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json().msg).toContain('e-mail');
    const taken = await api(admin, 'POST', url, { name: 'Taken', email: 'taken@example.com', loginName: 'agent' });
    expect(taken.statusCode).toBe(409);
    expect(
      await t.app.db.selectFrom('customers').select('id').where('name', 'in', ['No Mail', 'Taken']).execute(),
    ).toEqual([]);
  });

  it('answers a translated 400, not a 500, while the customer organisation group is deleted, and writes nothing', async () => {
    // the fuzzer found it: an administrator may delete the CUSTOMER group (no organisation in it yet)
    const group = await t.app.db
      .selectFrom('org_groups')
      .selectAll()
      .where('code', '=', 'CUSTOMER')
      .executeTakeFirstOrThrow();
    const inGroup = await t.app.db
      .selectFrom('orgs')
      .select(['id', 'group_id'])
      .where('group_id', '=', group.id)
      .execute();
    const other = await t.app.db
      .selectFrom('org_groups')
      .select('id')
      .where('code', '=', 'INSTALLER')
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('orgs').set({ group_id: other.id }).where('group_id', '=', group.id).execute();
    await t.app.db.deleteFrom('org_groups').where('id', '=', group.id).execute();
    try {
      const body = {
        name: 'Group Gone',
        email: 'gone@example.com',
        loginName: 'group-gone',
        orgId: await orgId('DELTA'),
      };
      const res = await api(admin, 'POST', url, body, 'es');
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('No existe el tipo de organización de clientes');
      expect(await t.app.db.selectFrom('customers').select('id').where('name', '=', 'Group Gone').execute()).toEqual(
        [],
      );
      expect(await t.app.db.selectFrom('users').select('id').where('login_name', '=', 'group-gone').execute()).toEqual(
        [],
      );
    } finally {
      await t.app.db.insertInto('org_groups').values(group).execute();
      for (const o of inGroup)
        await t.app.db.updateTable('orgs').set({ group_id: o.group_id }).where('id', '=', o.id).execute();
    }
  });
});

describe('a customer’s login account', () => {
  let ownerId: number;
  let owned: number[];
  let token: string;

  beforeAll(async () => {
    const db = t.app.db;
    // a plant owner without an account yet (the demo's first owner has the login 'customer')
    const owner = await db
      .selectFrom('plants as p')
      .innerJoin('customers as c', 'c.id', 'p.owner_id')
      .select('p.owner_id')
      .where('c.user_id', 'is', null)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    ownerId = owner.owner_id!;
    owned = (await db.selectFrom('plants').select('id').where('owner_id', '=', ownerId).orderBy('id').execute()).map(
      (p) => p.id,
    );
    const c = (await api(admin, 'GET', `${url}/${ownerId}`)).json().data;
    const res = await api(admin, 'PUT', `${url}/${ownerId}`, {
      name: c.name,
      nickname: c.nickname,
      email: c.email,
      phone: c.phone,
      address: c.address,
      loginName: 'owner-one',
    });
    expect(res.statusCode).toBe(200);
    // without SMTP_URL the first-password mail stays in the outbox
    const mail = await db
      .selectFrom('mail_outbox')
      .select(['text', 'status', 'template'])
      .where('to_address', '=', c.email)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ status: 'stored', template: 'customerLogin' });
    const password = /Password: (\S+)/.exec(mail.text)![1]!;
    expect(t.logs.join('')).not.toContain(password);
    token = await login(t.app, 'owner-one', password);
  });

  it('is listed with the customer and refuses a second one', async () => {
    const row = (await api(admin, 'GET', `${url}/${ownerId}`)).json().data;
    expect(row).toMatchObject({ loginName: 'owner-one', loginState: 'enabled' });
    const c = row;
    const again = await api(admin, 'PUT', `${url}/${ownerId}`, {
      name: c.name,
      email: c.email,
      loginName: 'owner-two',
    });
    expect(again.statusCode).toBe(409);
  });

  it('opens another account after an administrator moved the customers’ role to another organisation', async () => {
    const db = t.app.db;
    const user = await db
      .selectFrom('users as u')
      .innerJoin('customers as c', 'c.user_id', 'u.id')
      .select(['u.org_id', 'c.org_id as servedBy'])
      .where('c.id', '=', ownerId)
      .executeTakeFirstOrThrow();
    const role = await db
      .selectFrom('roles')
      .select(['id', 'org_id'])
      .where('code', '=', `customer-${user.org_id}`)
      .executeTakeFirstOrThrow();
    // the role's code now belongs to a role of another organisation (the role form may do this)
    await db
      .updateTable('roles')
      .set({ org_id: await orgId('SUNPATH') })
      .where('id', '=', role.id)
      .execute();
    try {
      const res = await api(admin, 'POST', url, {
        name: 'Second Owner',
        email: 'second.owner@example.com',
        orgId: user.servedBy,
        loginName: 'owner-three',
      });
      expect(res.statusCode).toBe(200);
      const made = await db
        .selectFrom('users as u')
        .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
        .innerJoin('roles as r', 'r.id', 'ur.role_id')
        .select(['r.code', 'r.org_id', 'u.org_id as userOrg'])
        .where('u.login_name', '=', 'owner-three')
        .executeTakeFirstOrThrow();
      expect(made).toEqual({ code: `customer-${user.org_id}-2`, org_id: user.org_id, userOrg: user.org_id });
    } finally {
      await db.updateTable('roles').set({ org_id: role.org_id }).where('id', '=', role.id).execute();
    }
  });

  it('sees its own plants and their devices only, read-only', async () => {
    expect(owned.length).toBeGreaterThan(0);
    const plants = (await api(token, 'GET', '/photo_voltaic/plants?pageSize=100')).json().data;
    expect(plants.rows.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual(owned);
    const other = await t.app.db
      .selectFrom('plants')
      .select('id')
      .where((eb) => eb.or([eb('owner_id', '!=', ownerId), eb('owner_id', 'is', null)]))
      .executeTakeFirstOrThrow();
    expect((await api(token, 'GET', `/photo_voltaic/plants/${other.id}`)).statusCode).toBe(404);
    expect((await api(token, 'GET', `/photo_voltaic/plants/${owned[0]}`)).statusCode).toBe(200);
    // its plants' devices through the plant page and the device page; nobody else's
    const mine = await t.app.db
      .selectFrom('devices')
      .select(['id', 'plant_id'])
      .where('plant_id', 'in', owned)
      .execute();
    expect(mine.length).toBeGreaterThan(0);
    const onPlant = (await api(token, 'GET', `/photo_voltaic/plants/${owned[0]}/devices`)).json().data;
    expect(onPlant.total ?? onPlant.length).toBe(mine.filter((d) => d.plant_id === owned[0]).length);
    expect((await api(token, 'GET', `/photo_voltaic/devices/${mine[0]!.id}`)).statusCode).toBe(200);
    const foreign = await t.app.db
      .selectFrom('devices')
      .select('id')
      .where((eb) => eb.or([eb('plant_id', 'not in', owned), eb('plant_id', 'is', null)]))
      .executeTakeFirstOrThrow();
    expect((await api(token, 'GET', `/photo_voltaic/devices/${foreign.id}`)).statusCode).toBe(404);
    // the device list is the data scope's, and the customer's organisation holds no device
    expect((await api(token, 'GET', '/photo_voltaic/devices')).json().data.total).toBe(0);
    // read-only: no write permission, and its own organisation holds nothing else
    expect((await api(token, 'PUT', `/photo_voltaic/plants/${owned[0]}`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await api(token, 'GET', url)).statusCode).toBe(403);
    const info = (await api(token, 'GET', '/photo_voltaic/sysOrgUser/currentInfo')).json().data;
    expect(JSON.stringify(info)).not.toMatch(/plant:create|plant:update|device:update|customer:list/);
  });

  it('exists in the demo as `customer`, seeing only its own plants', async () => {
    const demo = await login(t.app, 'customer');
    const c = await t.app.db
      .selectFrom('customers as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select('c.id')
      .where('u.login_name', '=', 'customer')
      .executeTakeFirstOrThrow();
    const theirs = (await t.app.db.selectFrom('plants').select('id').where('owner_id', '=', c.id).execute()).map(
      (p) => p.id,
    );
    expect(theirs.length).toBeGreaterThan(0);
    const seen = (await api(demo, 'GET', '/photo_voltaic/plants?pageSize=100')).json().data.rows;
    expect(seen.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual(
      theirs.sort((a, b) => a - b),
    );
  });

  // issue 42: the demo customer saw its own phone and e-mail masked on its own plant
  it('reads its own contact details unmasked on its plant; others without the grant still see them masked', async () => {
    const demo = await login(t.app, 'customer');
    const me = await t.app.db
      .selectFrom('customers as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.email', 'c.phone', 'c.address'])
      .where('u.login_name', '=', 'customer')
      .executeTakeFirstOrThrow();
    expect(me.email && me.phone && me.address).toBeTruthy();
    const plant = await t.app.db
      .selectFrom('plants')
      .select('id')
      .where('owner_id', '=', me.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const own = await api(demo, 'GET', `/photo_voltaic/plants/${plant.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.owner).toMatchObject({ id: me.id, email: me.email, phone: me.phone, address: me.address });
    // the customer's role holds no sensitive-data grant: it is its own data that shows, not everyone's
    const role = await t.app.db
      .selectFrom('user_roles as ur')
      .innerJoin('users as u', 'u.id', 'ur.user_id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('r.sensitive')
      .where('u.login_name', '=', 'customer')
      .execute();
    expect(role.every((r) => !r.sensitive)).toBe(true);
    // the viewer (every menu, no sensitive grant) sees the same owner masked, the admin in full
    const viewer = await login(t.app, 'viewer');
    const masked = (await api(viewer, 'GET', `/photo_voltaic/plants/${plant.id}`)).json().data.owner;
    expect(masked.email).not.toBe(me.email);
    expect(masked.email).toContain('***@');
    expect(masked.phone).toContain('****');
    expect(masked.address).toContain('****');
    const full = (await api(admin, 'GET', `/photo_voltaic/plants/${plant.id}`)).json().data.owner;
    expect(full).toMatchObject({ email: me.email, phone: me.phone, address: me.address });
    // and in the user list, a user reads its own row unmasked, the others' masked
    const users = (await api(viewer, 'GET', '/photo_voltaic/users?pageSize=100')).json().data.rows as {
      loginName: string;
      email: string | null;
      mobile: string | null;
    }[];
    expect(users.find((u) => u.loginName === 'viewer')).toMatchObject({
      email: 'viewer@pv-console.example',
      mobile: '13900139000',
    });
    expect(users.find((u) => u.loginName === 'admin')).toMatchObject({
      email: 'a***@pv-console.example',
      mobile: '138****8000',
    });
  });

  it('follows the plants the customer owns as they change hands in the plant form', async () => {
    const db = t.app.db;
    const other = await db
      .selectFrom('plants')
      .selectAll()
      .where((eb) => eb.or([eb('owner_id', '!=', ownerId), eb('owner_id', 'is', null)]))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const body = {
      name: other.name,
      capacityKw: Number(other.capacity_wp) / 1000,
      timeZone: other.time_zone,
      orgId: other.org_id,
    };
    expect((await api(token, 'GET', `/photo_voltaic/plants/${other.id}`)).statusCode).toBe(404);
    const given = await api(admin, 'PUT', `/photo_voltaic/plants/${other.id}`, { ...body, ownerId });
    expect(given.statusCode).toBe(200);
    expect((await api(token, 'GET', `/photo_voltaic/plants/${other.id}`)).statusCode).toBe(200);
    const back = await api(admin, 'PUT', `/photo_voltaic/plants/${other.id}`, { ...body, ownerId: other.owner_id });
    expect(back.statusCode).toBe(200);
    expect((await api(token, 'GET', `/photo_voltaic/plants/${other.id}`)).statusCode).toBe(404);
    // a plant created for the customer is theirs to see at once
    const made = await api(admin, 'POST', '/photo_voltaic/plants', {
      name: 'OwnerNewPlant',
      capacityKw: 5,
      timeZone: 'Asia/Shanghai',
      ownerId,
    });
    expect(made.statusCode).toBe(200);
    expect((await api(token, 'GET', `/photo_voltaic/plants/${made.json().data.id}`)).statusCode).toBe(200);
    await api(admin, 'DELETE', `/photo_voltaic/plants/${made.json().data.id}`);
  });

  it('keeps its plants when they move to another service provider', async () => {
    const db = t.app.db;
    const delta = await orgId('DELTA');
    const moved = owned[0]!;
    const res = await api(admin, 'PUT', '/photo_voltaic/provider-plants/assign', {
      providerId: delta,
      plantIds: [moved],
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await db.selectFrom('plants').select('org_id').where('id', '=', moved).executeTakeFirstOrThrow()).org_id,
    ).toBe(delta);
    expect((await api(token, 'GET', `/photo_voltaic/plants/${moved}`)).statusCode).toBe(200);
  });

  it('goes with its customer once the plants have another owner', async () => {
    const db = t.app.db;
    const spare = (await api(admin, 'POST', url, { name: 'Spare Owner' })).json().data.id;
    await db.updateTable('plants').set({ owner_id: spare }).where('owner_id', '=', ownerId).execute();
    expect((await api(admin, 'DELETE', `${url}/${ownerId}`)).statusCode).toBe(200);
    expect(await db.selectFrom('users').select('id').where('login_name', '=', 'owner-one').executeTakeFirst()).toBe(
      undefined,
    );
    expect((await api(token, 'GET', '/photo_voltaic/plants')).statusCode).toBe(401);
  });
});
