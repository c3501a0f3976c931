import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const u of ['admin', 'agent', 'viewer', 'sunpath-admin']) tokens[u] = await login(t.app, u);
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, user: string, payload?: unknown, lang = 'en') =>
  t.app.inject({
    method,
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': tokens[user] ?? user, 'accept-language': lang },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const userId = async (login: string) =>
  (await t.app.db.selectFrom('users').select('id').where('login_name', '=', login).executeTakeFirstOrThrow()).id;
const roleId = async (code: string) =>
  (await t.app.db.selectFrom('roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const orgId = async (code: string) =>
  (await t.app.db.selectFrom('orgs').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const resourceId = async (key: string) =>
  (await t.app.db.selectFrom('resources').select('id').where('seed_key', '=', key).executeTakeFirstOrThrow()).id;
const currentInfo = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: `/photo_voltaic/sysOrgUser/currentInfo?token=${token}` })).json();

describe('users', () => {
  it('creates a user with a generated password shown once, who can sign in', async () => {
    const res = await call('POST', '/users', 'admin', {
      loginName: 'new-op1',
      nickname: 'New Operator',
      email: 'op1@sunpath.example',
      mobile: '13100131000',
      orgId: await orgId('SUNPATH'),
      roleIds: [await roleId('agent')],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe('Create Successful');
    const { id, password } = res.json().data;
    expect(password).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const stored = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).not.toContain(password);
    expect(await login(t.app, 'new-op1', password)).toBeTruthy();
    // a password the administrator typed is not echoed back
    const typed = await call('POST', '/users', 'admin', {
      loginName: 'new-op2',
      nickname: 'Op2',
      orgId: await orgId('SUNPATH'),
      roleIds: [await roleId('agent')],
      password: 'secret77',
    });
    expect(typed.json().data.password).toBeNull();
    expect(await login(t.app, 'new-op2', 'secret77')).toBeTruthy();
  });

  it('answers 409 for a taken login name and 400 for each broken §5 rule, changing nothing', async () => {
    const sunpath = await orgId('SUNPATH');
    const agent = await roleId('agent');
    const before = await t.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const dup = await call('POST', '/users', 'admin', {
      loginName: 'agent',
      nickname: 'X',
      orgId: sunpath,
      roleIds: [agent],
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('The login name agent is already taken');
    expect(
      (
        await call(
          'POST',
          '/users',
          'admin',
          { loginName: 'agent', nickname: 'X', orgId: sunpath, roleIds: [agent] },
          'zh',
        )
      ).json().msg,
    ).toContain('已被占用');
    const cases: [Record<string, unknown>, string][] = [
      [{ loginName: '-bad' }, 'Identifier must contain'],
      [{ email: 'not-mail' }, 'Please enter a correct e-mail address'],
      [{ password: 'short' }, 'Password must be longer than 6 characters'],
      [{ nickname: '' }, 'A nickname is 1-30 characters'],
      [{ nickname: 'x'.repeat(31) }, 'A nickname is 1-30 characters'],
      [{ mobile: 'abc' }, 'Please enter a correct phone number'],
      [{ roleIds: [] }, 'Choose at least one role'],
    ];
    for (const [patch, msg] of cases) {
      const res = await call('POST', '/users', 'admin', {
        loginName: 'fresh1',
        nickname: 'Fresh',
        orgId: sunpath,
        roleIds: [agent],
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().msg).toContain(msg);
    }
    const after = await t.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps a narrower administrator inside their scope and their own rights', async () => {
    const sunpath = await orgId('SUNPATH');
    // organisation outside the scope
    expect(
      (
        await call('POST', '/users', 'sunpath-admin', {
          loginName: 'sp-x',
          nickname: 'X',
          orgId: await orgId('DELTA'),
          roleIds: [await roleId('agent')],
        })
      ).statusCode,
    ).toBe(400);
    // a role carrying more than they hold
    const escalate = await call('POST', '/users', 'sunpath-admin', {
      loginName: 'sp-x',
      nickname: 'X',
      orgId: sunpath,
      roleIds: [await roleId('admin')],
    });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().msg).toBe('You cannot grant what you do not hold yourself');
    // the assignable roles offered by the form are exactly those
    const options = (await call('GET', '/users/options', 'sunpath-admin')).json().data;
    expect(options.roles.map((r: { code: string }) => r.code).sort()).toEqual(['agent', 'org-admin']);
    expect(options.orgs.map((o: { name: string }) => o.name)).toEqual(['SunPath Services', 'Green Roof Installers']);
    // users outside the scope are 404 for every action
    const admin = await userId('admin');
    for (const [m, url, body] of [
      ['PUT', `/users/${admin}`, { loginName: 'admin', nickname: 'A', orgId: sunpath }],
      ['DELETE', `/users/${admin}`, undefined],
      ['PUT', `/users/${admin}/state`, { state: 'disabled' }],
      ['PUT', `/users/${admin}/password`, {}],
      ['PUT', `/users/${admin}/roles`, { roleIds: [await roleId('agent')] }],
    ] as const) {
      expect((await call(m, url, 'sunpath-admin', body)).statusCode, `${m} ${url}`).toBe(404);
    }
  });

  it('refuses to touch a user in scope who holds more than the caller', async () => {
    const sunpath = await orgId('SUNPATH');
    const created = await call('POST', '/users', 'admin', {
      loginName: 'sp-boss',
      nickname: 'Boss',
      orgId: sunpath,
      roleIds: [await roleId('admin')],
    });
    const id = created.json().data.id;
    expect((await call('GET', `/users/${id}`, 'sunpath-admin')).statusCode).toBe(200);
    for (const [m, url, body] of [
      ['PUT', `/users/${id}/password`, {}],
      ['PUT', `/users/${id}/state`, { state: 'disabled' }],
      ['DELETE', `/users/${id}`, undefined],
      ['PUT', `/users/${id}`, { loginName: 'sp-boss', nickname: 'Boss', orgId: sunpath }],
    ] as const) {
      const res = await call(m, url, 'sunpath-admin', body);
      expect(res.statusCode, `${m} ${url}`).toBe(403);
    }
    // assigning keeps the role beyond reach: the admin role stays, agent is added
    const assigned = await call('PUT', `/users/${id}/roles`, 'sunpath-admin', { roleIds: [await roleId('agent')] });
    expect(assigned.json().msg).toBe('Allocation Success');
    expect(assigned.json().data.roleIds.sort()).toEqual([await roleId('admin'), await roleId('agent')].sort());
    expect((await call('DELETE', `/users/${id}`, 'admin')).statusCode).toBe(200);
  });

  it('edits, resets the password (sessions end, shown once), assigns roles and deletes', async () => {
    const sunpath = await orgId('SUNPATH');
    const created = (
      await call('POST', '/users', 'sunpath-admin', {
        loginName: 'sp-temp',
        nickname: 'Temp',
        orgId: sunpath,
        roleIds: [await roleId('agent')],
      })
    ).json().data;
    const token = await login(t.app, 'sp-temp', created.password);
    const edited = await call('PUT', `/users/${created.id}`, 'sunpath-admin', {
      loginName: 'sp-temp2',
      nickname: '临时 User',
      email: 'temp@sunpath.example',
      orgId: await orgId('GREENROOF'),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      loginName: 'sp-temp2',
      nickname: '临时 User',
      orgName: 'Green Roof Installers',
      email: 'temp@sunpath.example',
    });
    expect(
      (
        await call('PUT', `/users/${created.id}`, 'sunpath-admin', {
          loginName: 'agent',
          nickname: 'T',
          orgId: sunpath,
        })
      ).statusCode,
    ).toBe(409);
    // roles through the edit need user:assign as well: the viewer-like caller has no update at all
    expect(
      (await call('PUT', `/users/${created.id}`, 'viewer', { loginName: 'sp-temp2', nickname: 'T', orgId: sunpath }))
        .statusCode,
    ).toBe(403);
    const reset = await call('PUT', `/users/${created.id}/password`, 'sunpath-admin', {});
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json().data.password;
    expect(fresh).toHaveLength(12);
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/profile', headers: { 'x-token': token } })).statusCode,
    ).toBe(401);
    await expect(login(t.app, 'sp-temp2', created.password)).rejects.toThrow();
    expect(await login(t.app, 'sp-temp2', fresh)).toBeTruthy();
    const set = await call('PUT', `/users/${created.id}/password`, 'sunpath-admin', { password: 'chosen12' });
    expect(set.json().data.password).toBeNull();
    expect(await login(t.app, 'sp-temp2', 'chosen12')).toBeTruthy();
    const roles = await call('PUT', `/users/${created.id}/roles`, 'sunpath-admin', {
      roleIds: [await roleId('org-admin')],
    });
    expect(roles.json().msg).toBe('Allocation Success');
    expect((await call('GET', `/users/${created.id}`, 'admin')).json().data.roles).toEqual(['OrgAdministrator']);
    expect((await call('PUT', `/users/${created.id}/roles`, 'sunpath-admin', { roleIds: [] })).statusCode).toBe(400);
    expect((await call('DELETE', `/users/${await userId('sunpath-admin')}`, 'sunpath-admin')).json().msg).toBe(
      'You cannot delete your own account',
    );
    const del = await call('DELETE', `/users/${created.id}`, 'sunpath-admin');
    expect(del.json().msg).toBe('Deleted Success');
    expect((await call('GET', `/users/${created.id}`, 'admin')).statusCode).toBe(404);
  });

  it("ends a disabled user's sessions at once, including a switched-role session", async () => {
    const id = await userId('sunpath-ops');
    const token = await login(t.app, 'sunpath-ops');
    const switched = (
      await t.app.inject({
        method: 'POST',
        url: '/photo_voltaic/sysOrgUser/switchRole',
        headers: { 'x-token': await login(t.app, 'sunpath-ops') },
        payload: { role: 'agent' },
      })
    ).json().data.token;
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/profile', headers: { 'x-token': switched } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/profile', headers: { 'x-token': token } })).statusCode,
    ).toBe(200);
    expect((await call('PUT', `/users/${id}/state`, 'sunpath-admin', { state: 'disabled' })).json().msg).toBe(
      'Disabled Successfully',
    );
    const after = await t.app.inject({ method: 'GET', url: '/photo_voltaic/profile', headers: { 'x-token': token } });
    expect(after.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/profile', headers: { 'x-token': switched } }))
        .statusCode,
    ).toBe(401);
    const rows = await t.app.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', id).execute();
    expect(rows.every((r) => r.revoked_at !== null)).toBe(true);
    expect((await call('PUT', `/users/${id}/state`, 'sunpath-admin', { state: 'enabled' })).json().msg).toBe(
      'Enable Successful',
    );
    // the old session stays ended after re-enabling
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/profile', headers: { 'x-token': token } })).statusCode,
    ).toBe(401);
  });
});

describe('role changes and sessions', () => {
  it('a session acting as one role loses its rights when that role is taken from the user', async () => {
    const sunpath = await orgId('SUNPATH');
    const created = (
      await call('POST', '/users', 'admin', {
        loginName: 'sp-two',
        nickname: 'Two roles',
        orgId: sunpath,
        roleIds: [await roleId('agent'), await roleId('org-admin')],
        password: 'secret77',
      })
    ).json().data;
    const token = await login(t.app, 'sp-two', 'secret77');
    const acting = (
      await t.app.inject({
        method: 'POST',
        url: '/photo_voltaic/sysOrgUser/switchRole',
        headers: { 'x-token': token },
        payload: { role: 'org-admin' },
      })
    ).json().data.token;
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/users', headers: { 'x-token': acting } })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/users/${created.id}/roles`, 'admin', { roleIds: [await roleId('agent')] })).statusCode,
    ).toBe(200);
    // still signed in, but acting as a role it no longer has: nothing is permitted
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/users', headers: { 'x-token': acting } })).statusCode,
    ).toBe(403);
    expect((await currentInfo(acting)).data.list).toEqual([]);
    expect((await call('DELETE', `/users/${created.id}`, 'admin')).statusCode).toBe(200);
  });

  it('an edit that leaves out mobile and e-mail keeps them (they are masked for editors without the grant)', async () => {
    const id = await userId('installer1');
    const before = (await call('GET', `/users/${id}`, 'admin')).json().data;
    const res = await call('PUT', `/users/${id}`, 'admin', {
      loginName: 'installer1',
      nickname: 'Green Roof Installer',
      orgId: before.orgId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ mobile: before.mobile, email: before.email });
  });
});

describe('the last ROOT administrator', () => {
  it('cannot be locked out by any route', async () => {
    const admin = await userId('admin');
    const adminRole = await roleId('admin');
    const viewerRole = await roleId('viewer');
    const lockouts: [Method, string, unknown][] = [
      ['PUT', `/users/${admin}/roles`, { roleIds: [viewerRole] }],
      ['PUT', `/users/${admin}`, { loginName: 'admin', nickname: 'Platform Admin', orgId: await orgId('SUNPATH') }],
      [
        'PUT',
        `/resources/${await resourceId('button:user:enable')}`,
        { parentId: await resourceId('menu:/auth/user'), kind: 'button', name: 'user:enable', perm: 'user:export' },
      ],
      ['PUT', `/roles/${adminRole}/resources`, { resourceIds: [await resourceId('menu:/auth/user')] }],
      ['DELETE', `/resources/${await resourceId('button:user:assign')}`, undefined],
    ];
    for (const [m, url, body] of lockouts) {
      const res = await call(m, url, 'admin', body);
      expect(res.statusCode, `${m} ${url}`).toBe(409);
      expect(res.json().msg).toContain('no enabled ROOT administrator');
    }
    // nothing changed
    expect((await call('GET', `/users/${admin}`, 'admin')).json().data.roleIds.sort()).toEqual(
      [adminRole, viewerRole].sort(),
    );
    expect((await currentInfo(tokens.admin!)).data.perms).toContain('user:assign');

    // with a second ROOT administrator, the first may lose the role; the second may not then be disabled
    const second = (
      await call('POST', '/users', 'admin', {
        loginName: 'admin2',
        nickname: 'Second',
        orgId: await orgId('ROOT'),
        roleIds: [adminRole],
        password: 'secret77',
      })
    ).json().data.id;
    const token2 = await login(t.app, 'admin2', 'secret77');
    expect((await call('PUT', `/users/${admin}/roles`, 'admin', { roleIds: [viewerRole] })).statusCode).toBe(200);
    const disable = await t.app.inject({
      method: 'PUT',
      url: `/photo_voltaic/users/${second}/state`,
      headers: { 'x-token': token2 },
      payload: { state: 'disabled' },
    });
    expect(disable.statusCode).toBe(400); // yourself
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/photo_voltaic/users/${second}`,
      headers: { 'x-token': token2 },
    });
    expect(del.statusCode).toBe(400);
    // restore: admin2 gives admin its role back, then admin removes admin2
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/photo_voltaic/users/${admin}/roles`,
          headers: { 'x-token': token2 },
          payload: { roleIds: [adminRole, viewerRole] },
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/users/${second}`, 'admin')).statusCode).toBe(200);
    expect((await call('PUT', `/users/${admin}/state`, 'admin', { state: 'disabled' })).statusCode).toBe(400);
  });
});

describe('roles', () => {
  let spRoles: number;
  let spToken: string;
  beforeAll(async () => {
    // a SunPath role administrator: role and user screens, own organisation and below, no sensitive grant
    const keys = [
      'menu:/auth',
      'menu:/auth/role',
      'menu:/auth/user',
      'button:role:create',
      'button:role:update',
      'button:role:grant',
      'button:role:delete',
      'menu:/power_station/power_station_list',
      'button:plant:create',
    ];
    const role = (
      await call('POST', '/roles', 'admin', {
        code: 'sp-roles',
        name: 'SunPathRoleAdmin',
        orgId: await orgId('SUNPATH'),
        dataScope: 'orgAndChildren',
        sensitive: false,
      })
    ).json().data;
    spRoles = role.id;
    const ids = await Promise.all(keys.map(resourceId));
    expect((await call('PUT', `/roles/${spRoles}/resources`, 'admin', { resourceIds: ids })).json().msg).toBe(
      'Authorization Successful',
    );
    const user = await call('POST', '/users', 'admin', {
      loginName: 'sp-roleadmin',
      nickname: 'Role admin',
      orgId: await orgId('SUNPATH'),
      roleIds: [spRoles],
      password: 'secret77',
    });
    expect(user.statusCode, user.body).toBe(200);
    spToken = await login(t.app, 'sp-roleadmin', 'secret77');
    tokens['sp-roleadmin'] = spToken;
  });

  it('creates, lists and edits roles with the §5 rules and a unique identifier', async () => {
    const root = await orgId('ROOT');
    const ok = await call('POST', '/roles', 'admin', {
      code: 'auditor-1',
      name: '审计员',
      orgId: root,
      dataScope: 'org',
      sensitive: false,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      code: 'auditor-1',
      name: '审计员',
      dataScope: 'org',
      sensitive: false,
      users: 0,
      orgName: 'PV Platform',
    });
    const dup = await call('POST', '/roles', 'admin', {
      code: 'auditor-1',
      name: 'Other',
      orgId: root,
      dataScope: 'org',
      sensitive: false,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('A role with the identifier auditor-1 already exists');
    expect(
      (
        await call('POST', '/roles', 'admin', {
          code: '-x',
          name: 'Other',
          orgId: root,
          dataScope: 'org',
          sensitive: false,
        })
      ).statusCode,
    ).toBe(400);
    const badName = await call('POST', '/roles', 'admin', {
      code: 'x1',
      name: 'Bad name!',
      orgId: root,
      dataScope: 'org',
      sensitive: false,
    });
    expect(badName.json().msg).toContain('Name must be 1-30 letters, digits or Chinese characters');
    const id = ok.json().data.id;
    expect(
      (
        await call('PUT', `/roles/${id}`, 'admin', {
          code: 'agent',
          name: 'X',
          orgId: root,
          dataScope: 'org',
          sensitive: false,
        })
      ).statusCode,
    ).toBe(409);
    const edited = await call('PUT', `/roles/${id}`, 'admin', {
      code: 'auditor-2',
      name: 'Auditor',
      orgId: root,
      dataScope: 'all',
      sensitive: true,
    });
    expect(edited.json().data).toMatchObject({ code: 'auditor-2', dataScope: 'all', sensitive: true });
    const list = (await call('GET', '/roles?code=auditor', 'admin')).json().data;
    expect(list.total).toBe(1);
    expect((await call('DELETE', `/roles/${id}`, 'admin')).json().msg).toBe('Deleted Success');
    // a role in use is not deleted
    expect((await call('DELETE', `/roles/${await roleId('viewer')}`, 'admin')).statusCode).toBe(409);
  });

  it('a narrower administrator sees only the roles of their scope and cannot give more than they hold', async () => {
    const codes = (await call('GET', '/roles?pageSize=100', 'sp-roleadmin'))
      .json()
      .data.rows.map((r: { code: string }) => r.code)
      .sort();
    expect(codes).toEqual(['agent', 'org-admin', 'sp-roles']);
    expect((await call('GET', `/roles/${await roleId('admin')}`, 'sp-roleadmin')).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `/roles/${await roleId('viewer')}`, 'sp-roleadmin', {
          code: 'viewer',
          name: 'X',
          orgId: await orgId('SUNPATH'),
          dataScope: 'org',
          sensitive: false,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', `/roles/${await roleId('admin')}/resources`, 'sp-roleadmin')).statusCode).toBe(404);
    const sunpath = await orgId('SUNPATH');
    const wide = await call('POST', '/roles', 'sp-roleadmin', {
      code: 'sp-wide',
      name: 'Wide',
      orgId: sunpath,
      dataScope: 'all',
      sensitive: false,
    });
    expect(wide.statusCode).toBe(403);
    expect(wide.json().msg).toBe('You cannot give a data permission wider than your own');
    const sens = await call('POST', '/roles', 'sp-roleadmin', {
      code: 'sp-sens',
      name: 'Sens',
      orgId: sunpath,
      dataScope: 'org',
      sensitive: true,
    });
    expect(sens.json().msg).toBe('You cannot give the sensitive-data grant without holding it');
    expect(
      (
        await call('POST', '/roles', 'sp-roleadmin', {
          code: 'sp-root',
          name: 'Root',
          orgId: await orgId('ROOT'),
          dataScope: 'org',
          sensitive: false,
        })
      ).statusCode,
    ).toBe(400);
    const options = (await call('GET', '/roles/options', 'sp-roleadmin')).json().data;
    expect(options).toMatchObject({ dataScopes: ['orgAndChildren', 'org', 'self'], sensitive: false });

    const own = (
      await call('POST', '/roles', 'sp-roleadmin', {
        code: 'sp-crew',
        name: 'Crew',
        orgId: sunpath,
        dataScope: 'self',
        sensitive: false,
      })
    ).json().data.id;
    const grants = (await call('GET', `/roles/${own}/resources`, 'sp-roleadmin')).json().data;
    const grantable = grants.resources
      .filter((r: { grantable: boolean }) => r.grantable)
      .map((r: { id: number }) => r.id);
    expect(grantable).toHaveLength(9);
    const lacking = await resourceId('button:user:delete');
    const refused = await call('PUT', `/roles/${own}/resources`, 'sp-roleadmin', { resourceIds: [lacking] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('You cannot grant what you do not hold yourself');
    const plant = await resourceId('button:plant:create');
    expect((await call('PUT', `/roles/${own}/resources`, 'sp-roleadmin', { resourceIds: [plant] })).statusCode).toBe(
      200,
    );

    // the agent role holds device buttons the role admin lacks: saving a subset keeps them
    const agent = await roleId('agent');
    const before = (await call('GET', `/roles/${agent}/resources`, 'admin')).json().data.granted as number[];
    const deviceDelete = await resourceId('button:device:delete');
    expect(before).toContain(deviceDelete);
    expect(before).toContain(plant);
    const saved = await call('PUT', `/roles/${agent}/resources`, 'sp-roleadmin', {
      resourceIds: before.filter((id) => id !== plant),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.granted).toContain(deviceDelete);
    expect(saved.json().data.granted).not.toContain(plant);
    expect((await call('PUT', `/roles/${agent}/resources`, 'admin', { resourceIds: before })).statusCode).toBe(200);
    // but a role carrying more than they hold is not theirs to edit or delete
    expect(
      (
        await call('PUT', `/roles/${agent}`, 'sp-roleadmin', {
          code: 'agent',
          name: 'Agent',
          orgId: sunpath,
          dataScope: 'self',
          sensitive: false,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("a grant change shows in the affected users' menus and buttons on their next currentInfo", async () => {
    const agentToken = await login(t.app, 'agent');
    const before = (await currentInfo(agentToken)).data;
    expect(before.list.map((m: { routerPath: string }) => m.routerPath)).toContain('/power_station/power_station_list');
    expect(before.perms).toContain('plant:create');
    const agent = await roleId('agent');
    const granted = (await call('GET', `/roles/${agent}/resources`, 'admin')).json().data.granted as number[];
    const deviceList = (
      await t.app.db.selectFrom('resources').select('id').where('perm', '=', 'device:list').execute()
    ).map((r) => r.id);
    const drop = new Set([
      await resourceId('menu:/power_station/power_station_list'),
      await resourceId('button:plant:create'),
      ...deviceList,
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/devices', headers: { 'x-token': agentToken } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/roles/${agent}/resources`, 'admin', { resourceIds: granted.filter((id) => !drop.has(id)) }))
        .statusCode,
    ).toBe(200);
    const after = (await currentInfo(agentToken)).data;
    expect(after.list.map((m: { routerPath: string }) => m.routerPath)).not.toContain(
      '/power_station/power_station_list',
    );
    expect(after.perms).not.toContain('plant:create');
    // the server enforces it too, on the same session
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/devices', headers: { 'x-token': agentToken } }))
        .statusCode,
    ).toBe(403);
    expect((await call('PUT', `/roles/${agent}/resources`, 'admin', { resourceIds: granted })).statusCode).toBe(200);
    expect((await currentInfo(agentToken)).data.perms).toContain('plant:create');
  });
});

describe('resources', () => {
  it('lists the tree with levels and creates, edits and deletes resources', async () => {
    const list = (await call('GET', '/resources', 'admin')).json().data as {
      id: number;
      level: number;
      routerPath: string | null;
      perm: string | null;
      seeded: boolean;
      kind: string;
    }[];
    expect(list.find((r) => r.routerPath === '/auth')).toMatchObject({ level: 1, seeded: true, kind: 'menu' });
    expect(list.find((r) => r.routerPath === '/auth/user')).toMatchObject({ level: 2 });
    expect(list.find((r) => r.perm === 'user:create')).toMatchObject({ level: 3, kind: 'button' });
    const parent = await resourceId('menu:/auth/user');
    const created = await call('POST', '/resources', 'admin', {
      parentId: parent,
      kind: 'button',
      name: 'userAudit',
      nameEn: 'User audit',
      perm: 'user:export',
      dataPerm: true,
      sensitive: true,
      sort: 999,
    });
    expect(created.json().msg).toBe('Create Successful');
    const id = created.json().data.id;
    expect(
      (await call('POST', '/resources', 'admin', { parentId: parent, kind: 'button', name: 'x' })).json().msg,
    ).toContain('A button needs a permission code');
    expect(
      (await call('POST', '/resources', 'admin', { parentId: parent, kind: 'menu', name: 'x', routerPath: 'nope' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/resources', 'admin', { parentId: id, kind: 'button', name: 'x', perm: 'user:list' })).json()
        .msg,
    ).toBe('The parent must be an existing menu');
    expect(
      (
        await call('PUT', `/resources/${parent}`, 'admin', {
          parentId: parent,
          kind: 'menu',
          name: 'user',
          routerPath: '/auth/user',
          perm: 'user:list',
        })
      ).statusCode,
    ).toBe(400);
    expect((await call('DELETE', `/resources/${parent}`, 'admin')).statusCode).toBe(409);
    const edited = await call('PUT', `/resources/${id}`, 'admin', {
      parentId: parent,
      kind: 'button',
      name: 'userAudit2',
      nameEn: 'Audit',
      perm: 'user:export',
      dataPerm: false,
      sensitive: false,
      sort: 5,
    });
    expect(edited.json().msg).toBe('Update Successful');
    expect((await call('DELETE', `/resources/${id}`, 'admin')).json().msg).toBe('Deleted Success');
  });

  it('refuses a permission code the caller does not hold', async () => {
    // sp-roleadmin has no res:* at all; admin's session with the viewer role switched lacks user:delete
    const switched = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/sysOrgUser/switchRole',
      headers: { 'x-token': await login(t.app, 'admin') },
      payload: { role: 'viewer' },
    });
    const viewerSession = switched.json().data.token;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/photo_voltaic/resources',
          headers: { 'x-token': viewerSession },
          payload: { parentId: null, kind: 'menu', name: 'x', routerPath: '/x' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a resource change shows on the next currentInfo', async () => {
    const agentToken = await login(t.app, 'agent');
    const id = await resourceId('menu:/devices/data');
    const paths = async () =>
      (await currentInfo(agentToken)).data.list.map((m: { routerPath: string }) => m.routerPath);
    expect(await paths()).toContain('/devices/data');
    const row = (await call('GET', '/resources', 'admin')).json().data.find((r: { id: number }) => r.id === id);
    expect(
      (await call('PUT', `/resources/${id}`, 'admin', { ...row, routerPath: '/devices/data-moved' })).statusCode,
    ).toBe(200);
    expect(await paths()).not.toContain('/devices/data');
    expect(await paths()).toContain('/devices/data-moved');
    expect((await call('PUT', `/resources/${id}`, 'admin', row)).statusCode).toBe(200);
    expect(await paths()).toContain('/devices/data');
    // a code you do not hold cannot be put on a resource (nobody holds 'plant:unknown')
    expect((await call('PUT', `/resources/${id}`, 'admin', { ...row, perm: 'plant:unknown' })).statusCode).toBe(403);
  });
});

describe('the seed after administrators edited resources', () => {
  it('keeps edits, does not re-create deleted ones and adds a route it never saw (granted to the full role)', async () => {
    const other = await buildTestApp();
    const first = other.app;
    try {
      const db = other.app.db;
      const adminToken = await login(other.app, 'admin');
      const req = (method: Method, url: string, payload?: unknown) =>
        other.app.inject({
          method,
          url: `/photo_voltaic${url}`,
          headers: { 'x-token': adminToken },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      const id = async (key: string) =>
        (await db.selectFrom('resources').select('id').where('seed_key', '=', key).executeTakeFirstOrThrow()).id;
      const faqs = await id('menu:/systems/faqs');
      const row = (await req('GET', '/resources')).json().data.find((r: { id: number }) => r.id === faqs);
      expect(
        (
          await req('PUT', `/resources/${faqs}`, {
            ...row,
            name: 'faq',
            nameEn: 'Questions',
            routerPath: '/systems/faqs',
            icon: 'question',
            sort: 1,
          })
        ).statusCode,
      ).toBe(200);
      const mqttCreate = await id('button:mqtt:create');
      expect((await req('DELETE', `/resources/${mqttCreate}`)).statusCode).toBe(200);
      // a "new release": a route the database has never seen
      const guide = await id('menu:/systems/userGuide');
      await db.deleteFrom('role_resources').where('resource_id', '=', guide).execute();
      await db.deleteFrom('resources').where('id', '=', guide).execute();
      await db.deleteFrom('resource_seeds').where('seed_key', '=', 'menu:/systems/userGuide').execute();
      const count = async () =>
        Number(
          (
            await db
              .selectFrom('resources')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();

      await other.app.close();
      other.app = await buildApp(
        { ...other.config, webDist: join(other.config.dataDir, 'no-web') },
        { logStream: new Writable({ write: (_c, _e, cb) => cb() }) },
      );
      const db2 = other.app.db;
      const faqsAfter = await db2.selectFrom('resources').selectAll().where('id', '=', faqs).executeTakeFirstOrThrow();
      expect(faqsAfter).toMatchObject({ name: 'faq', name_en: 'Questions', icon: 'question', sort: 1, title_key: '' });
      expect(
        await db2.selectFrom('resources').select('id').where('perm', '=', 'mqtt:create').executeTakeFirst(),
      ).toBeUndefined();
      expect(
        Number(
          (
            await db2
              .selectFrom('resources')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(before + 1);
      const guideAfter = await db2
        .selectFrom('resources')
        .select(['id', 'parent_id'])
        .where('seed_key', '=', 'menu:/systems/userGuide')
        .executeTakeFirstOrThrow();
      expect(guideAfter.parent_id).toBe(
        await db2
          .selectFrom('resources')
          .select('id')
          .where('seed_key', '=', 'menu:/systems')
          .executeTakeFirstOrThrow()
          .then((r) => r.id),
      );
      const holders = (
        await db2
          .selectFrom('role_resources as rr')
          .innerJoin('roles as r', 'r.id', 'rr.role_id')
          .select('r.code')
          .where('rr.resource_id', '=', guideAfter.id)
          .execute()
      ).map((r) => r.code);
      expect(holders).toEqual(['admin']);
    } finally {
      // TestApp.close closes the app it built: the restarted one is closed here
      if (other.app !== first) await other.app.close();
      await other.close();
    }
  });
});
