import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

/**
 * Every role of the demo data against every admin route, as designed:
 * - admin (ROOT, Administrator + Viewer roles): everything, all data;
 * - viewer (Viewer role): every menu, so every list and read, no button: 403 on each change;
 * - agent (ServiceProvider role): no admin menu at all: 403 everywhere;
 * - sunpath-admin (OrgAdministrator role, SunPath and below): users and organisations of its
 *   scope (404 outside it), no roles or resources screens (403);
 * - nobody signed in: 401.
 * Targets inside SunPath (installer1, the agent role) and outside it (delta, the admin role).
 */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const USERS = ['admin', 'viewer', 'agent', 'sunpath-admin'] as const;
type Who = (typeof USERS)[number];
interface Ids {
  installer1: number;
  delta: number;
  admin: number;
  agentRole: number;
  adminRole: number;
  viewerRole: number;
  sunpath: number;
  delta_org: number;
  resource: number;
  resourceBody: Record<string, unknown>;
  agentGrants: number[];
}
interface Row {
  name: string;
  method: Method;
  url: (ids: Ids) => string;
  body?: (ids: Ids, who: Who) => unknown;
  expect: [admin: number, viewer: number, agent: number, sunpathAdmin: number];
}

const user = (login: string, org: 'sunpath' | 'delta_org') => (ids: Ids) => ({
  loginName: login,
  nickname: login,
  orgId: ids[org],
});

const MATRIX: Row[] = [
  // users
  { name: 'list users', method: 'GET', url: () => '/users', expect: [200, 200, 403, 200] },
  { name: 'export users', method: 'GET', url: () => '/users/export', expect: [200, 403, 403, 200] },
  { name: 'user form options', method: 'GET', url: () => '/users/options', expect: [200, 200, 403, 200] },
  { name: 'read a user in scope', method: 'GET', url: (i) => `/users/${i.installer1}`, expect: [200, 200, 403, 200] },
  { name: 'read a user out of scope', method: 'GET', url: (i) => `/users/${i.delta}`, expect: [200, 200, 403, 404] },
  {
    name: 'create a user',
    method: 'POST',
    url: () => '/users',
    body: (i, who) => ({ loginName: `m-${who}`, nickname: 'Matrix', orgId: i.sunpath, roleIds: [i.agentRole] }),
    expect: [200, 403, 403, 200],
  },
  {
    name: 'edit a user in scope',
    method: 'PUT',
    url: (i) => `/users/${i.installer1}`,
    body: user('installer1', 'sunpath'),
    expect: [200, 403, 403, 200],
  },
  {
    name: 'edit a user out of scope',
    method: 'PUT',
    url: (i) => `/users/${i.delta}`,
    body: user('delta', 'delta_org'),
    expect: [200, 403, 403, 404],
  },
  {
    name: 'enable a user in scope',
    method: 'PUT',
    url: (i) => `/users/${i.installer1}/state`,
    body: () => ({ state: 'enabled' }),
    expect: [200, 403, 403, 200],
  },
  {
    name: 'enable a user out of scope',
    method: 'PUT',
    url: (i) => `/users/${i.delta}/state`,
    body: () => ({ state: 'enabled' }),
    expect: [200, 403, 403, 404],
  },
  {
    name: 'reset a password in scope',
    method: 'PUT',
    url: (i) => `/users/${i.installer1}/password`,
    body: () => ({ password: 'demo123456' }),
    expect: [200, 403, 403, 200],
  },
  {
    name: 'reset a password out of scope',
    method: 'PUT',
    url: (i) => `/users/${i.delta}/password`,
    body: () => ({ password: 'demo123456' }),
    expect: [200, 403, 403, 404],
  },
  {
    name: 'assign roles in scope',
    method: 'PUT',
    url: (i) => `/users/${i.installer1}/roles`,
    body: (i) => ({ roleIds: [i.agentRole] }),
    expect: [200, 403, 403, 200],
  },
  {
    name: 'assign roles out of scope',
    method: 'PUT',
    url: (i) => `/users/${i.admin}/roles`,
    body: (i) => ({ roleIds: [i.adminRole, i.viewerRole] }),
    expect: [200, 403, 403, 404],
  },
  {
    name: 'delete a user out of scope (answered before deleting)',
    method: 'DELETE',
    url: (i) => `/users/${i.admin}`,
    expect: [400, 403, 403, 404],
  },
  { name: 'delete a missing user', method: 'DELETE', url: () => '/users/999999', expect: [404, 403, 403, 404] },
  // roles
  { name: 'list roles', method: 'GET', url: () => '/roles', expect: [200, 200, 403, 403] },
  { name: 'role form options', method: 'GET', url: () => '/roles/options', expect: [200, 200, 403, 403] },
  { name: 'read a role', method: 'GET', url: (i) => `/roles/${i.agentRole}`, expect: [200, 200, 403, 403] },
  {
    name: 'create a role',
    method: 'POST',
    url: () => '/roles',
    body: (i, who) => ({ code: `m-${who}`, name: 'Matrix', orgId: i.sunpath, dataScope: 'org', sensitive: false }),
    expect: [200, 403, 403, 403],
  },
  {
    name: 'edit a role',
    method: 'PUT',
    url: (i) => `/roles/${i.agentRole}`,
    body: (i) => ({
      code: 'agent',
      name: 'ServiceProvider',
      orgId: i.sunpath,
      dataScope: 'orgAndChildren',
      sensitive: false,
    }),
    expect: [200, 403, 403, 403],
  },
  { name: 'delete a missing role', method: 'DELETE', url: () => '/roles/999999', expect: [404, 403, 403, 403] },
  {
    name: "read a role's grants",
    method: 'GET',
    url: (i) => `/roles/${i.agentRole}/resources`,
    expect: [200, 403, 403, 403],
  },
  {
    name: 'grant resources',
    method: 'PUT',
    url: (i) => `/roles/${i.agentRole}/resources`,
    body: (i) => ({ resourceIds: i.agentGrants }),
    expect: [200, 403, 403, 403],
  },
  // resources
  { name: 'list resources', method: 'GET', url: () => '/resources', expect: [200, 200, 403, 403] },
  {
    name: 'create a resource',
    method: 'POST',
    url: () => '/resources',
    body: (_i, who) => ({ parentId: null, kind: 'menu', name: `m-${who}`, routerPath: `/m-${who}` }),
    expect: [200, 403, 403, 403],
  },
  {
    name: 'edit a resource',
    method: 'PUT',
    url: (i) => `/resources/${i.resource}`,
    body: (i) => i.resourceBody,
    expect: [200, 403, 403, 403],
  },
  { name: 'delete a missing resource', method: 'DELETE', url: () => '/resources/999999', expect: [404, 403, 403, 403] },
  // organisations (the list is what this branch has)
  { name: 'list organisations', method: 'GET', url: () => '/orgs', expect: [200, 200, 403, 200] },
];

let t: TestApp;
let ids: Ids;
const tokens: Partial<Record<Who, string>> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  const u = async (l: string) =>
    (await db.selectFrom('users').select('id').where('login_name', '=', l).executeTakeFirstOrThrow()).id;
  const r = async (c: string) =>
    (await db.selectFrom('roles').select('id').where('code', '=', c).executeTakeFirstOrThrow()).id;
  const o = async (c: string) =>
    (await db.selectFrom('orgs').select('id').where('code', '=', c).executeTakeFirstOrThrow()).id;
  const res = await db
    .selectFrom('resources')
    .selectAll()
    .where('seed_key', '=', 'menu:/systems/faqs')
    .executeTakeFirstOrThrow();
  const agentRole = await r('agent');
  ids = {
    installer1: await u('installer1'),
    delta: await u('delta'),
    admin: await u('admin'),
    agentRole,
    adminRole: await r('admin'),
    viewerRole: await r('viewer'),
    sunpath: await o('SUNPATH'),
    delta_org: await o('DELTA'),
    resource: res.id,
    resourceBody: {
      parentId: res.parent_id,
      kind: 'menu',
      name: res.name,
      routerPath: res.router_path,
      perm: res.perm,
      icon: res.icon,
      sort: res.sort,
    },
    agentGrants: (
      await db.selectFrom('role_resources').select('resource_id').where('role_id', '=', agentRole).execute()
    ).map((g) => g.resource_id),
  };
  for (const who of USERS) tokens[who] = await login(t.app, who);
});
afterAll(async () => t.close());

describe('admin routes × demo roles', () => {
  const cells = MATRIX.flatMap((row) => [
    ...USERS.map((who, i) => ({ row, who: who as Who | 'anonymous', status: row.expect[i]! })),
    { row, who: 'anonymous' as const, status: 401 },
  ]);
  it.each(cells.map((c) => [`${c.row.method} ${c.row.name} as ${c.who} → ${c.status}`, c] as const))(
    '%s',
    async (_label, { row, who, status }) => {
      const headers: Record<string, string> = who === 'anonymous' ? {} : { 'x-token': tokens[who]! };
      const body = row.body?.(ids, who === 'anonymous' ? 'admin' : who);
      const res = await t.app.inject({
        method: row.method,
        url: `/photo_voltaic${row.url(ids)}`,
        headers,
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
      expect(
        res.statusCode === 200 && res.headers['content-type']?.toString().includes('json') ? res.json().code : status,
      ).toBe(status);
    },
  );

  it('covers every admin route the server declares', () => {
    const declared = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .filter((l) => /\/(users|roles|resources|orgs)/.test(l));
    expect(declared.length).toBeGreaterThan(0);
    const routes = new Set<string>();
    for (const r of MATRIX) routes.add(`${r.method} ${r.url(ids).replace(/\/\d+/g, '/:id')}`);
    for (const [method, path] of [
      ['GET', '/users'],
      ['GET', '/users/export'],
      ['GET', '/users/options'],
      ['GET', '/users/:id'],
      ['POST', '/users'],
      ['PUT', '/users/:id'],
      ['PUT', '/users/:id/state'],
      ['PUT', '/users/:id/password'],
      ['PUT', '/users/:id/roles'],
      ['DELETE', '/users/:id'],
      ['GET', '/roles'],
      ['GET', '/roles/options'],
      ['GET', '/roles/:id'],
      ['POST', '/roles'],
      ['PUT', '/roles/:id'],
      ['DELETE', '/roles/:id'],
      ['GET', '/roles/:id/resources'],
      ['PUT', '/roles/:id/resources'],
      ['GET', '/resources'],
      ['POST', '/resources'],
      ['PUT', '/resources/:id'],
      ['DELETE', '/resources/:id'],
      ['GET', '/orgs'],
    ]) {
      expect(routes.has(`${method} ${path}`), `${method} ${path}`).toBe(true);
      // the server's own route table (plugins/routing.ts: record ids match digits only)
      expect(
        t.app.apiRoutes.some(
          (r) => r.method === method && r.path === `/photo_voltaic${path!.replace(/:(\w+)/g, '{$1}')}`,
        ),
        `${method} ${path} is declared`,
      ).toBe(true);
    }
  });
});
