/**
 * Every route × every demo role, derived from the server's own route table (app.apiRoutes,
 * plugins/routing.ts) rather than a list kept by hand:
 * - every declared permission exists among the seeded resources (a route whose code is changed
 *   to one no role can be granted fails here);
 * - without a session every non-public route answers 401;
 * - a role without the route's permission gets 403 (the access check comes before the body is
 *   read, so no body is needed), one with it never 401/403;
 * - for routes on one record (`{id}` of plants, devices, users, roles, organisations, faults,
 *   customers), the scoped role (agent: its organisation's subtree) gets 404 for a record out of
 *   its scope, and not 404 for one inside it.
 * HTTP against a real database.
 */
import { API_BASE } from '@pv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../src/plugins/routing.js';
import { buildTestApp, login, type TestApp } from './helper.js';

const ROLES = ['admin', 'agent', 'viewer'] as const;
type Role = (typeof ROLES)[number];

let t: TestApp;
const tokens = {} as Record<Role, string>;
const perms = {} as Record<Role, ReadonlySet<string>>;
let routes: RouteEntry[];
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ROLES) {
    tokens[role] = await login(t.app, role);
    perms[role] = (await t.app.sessions.userOf(tokens[role]))!.perms;
  }
  // the event stream never ends; the metrics are not a session route
  routes = t.app.apiRoutes.filter((r) => !r.path.endsWith('/events') && !r.path.endsWith('/metrics'));
});
afterAll(async () => t.close());

/** A concrete URL of a route: every path parameter filled with `id` (or a word for non-id ones). */
const urlOf = (r: RouteEntry, id: number) =>
  r.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'id' || name === 'grantId' ? String(id) : 'x'));
const send = (r: RouteEntry, url: string, token?: string) =>
  t.app.inject({ method: r.method as 'GET', url, ...(token && { headers: { 'x-token': token } }) });

describe('route × role matrix from the route table', () => {
  it('covers the whole API, and every route declares access', () => {
    expect(routes.length).toBeGreaterThan(150);
    for (const r of routes) expect(r.access, `${r.method} ${r.path}`).toBeDefined();
  });

  it('the access of every route is the reviewed one: a route added, removed or given another permission shows here', async () => {
    const table = routes.map(
      (r) =>
        `${r.method.padEnd(6)} ${r.path.slice(API_BASE.length)}  ${typeof r.access === 'object' ? r.access.perm : r.access}`,
    );
    await expect(`${table.sort().join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/route-access.txt');
  });

  it('the viewer (read-only) holds no permission of a write route, save its own favourites and problem reports', () => {
    const own = ['PUT /plants/{id}/favourite', 'POST /product-problems', 'POST /product-problems/{id}/pictures'];
    const writes = routes
      .filter((r) => r.method !== 'GET' && typeof r.access === 'object' && perms.viewer.has(r.access.perm))
      .map((r) => `${r.method} ${r.path.slice(API_BASE.length)}`)
      .filter((w) => !own.includes(w));
    expect(writes).toEqual([]);
  });

  it('every declared permission is a seeded resource permission', async () => {
    const seeded = new Set(
      (await t.app.db.selectFrom('resources').select('perm').where('perm', 'is not', null).execute()).map(
        (r) => r.perm!,
      ),
    );
    const declared = new Set(
      routes.flatMap((r) => (typeof r.access === 'object' ? [r.access.perm] : [])).filter((p) => !seeded.has(p)),
    );
    expect([...declared]).toEqual([]);
  });

  it('without a session every non-public route answers 401; a role lacking the permission 403, one holding it neither', async () => {
    let checked = 0;
    const wrong: string[] = [];
    for (const r of routes) {
      if (r.access === 'public') continue;
      const url = urlOf(r, 1);
      const anonymous = await send(r, url);
      if (anonymous.statusCode !== 401) wrong.push(`anonymous ${r.method} ${r.path} → ${anonymous.statusCode}`);
      for (const role of ROLES) {
        const res = await send(r, url, tokens[role]);
        // a sign-out or a role switch ends the session: the next route gets a new one
        if (!(await t.app.sessions.userOf(tokens[role]))) tokens[role] = await login(t.app, role);
        checked++;
        const needs = typeof r.access === 'object' ? r.access.perm : undefined;
        const allowed = !needs || perms[role].has(needs);
        if (!allowed && res.statusCode !== 403)
          wrong.push(`${role} ${r.method} ${r.path} (no ${needs}) → ${res.statusCode}`);
        if (allowed && (res.statusCode === 401 || (needs && res.statusCode === 403 && isAccessRefusal(res.json().msg))))
          wrong.push(`${role} ${r.method} ${r.path} (has ${needs ?? 'session'}) → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(400);
  });

  it('the scoped role gets 404 for a record outside its organisation subtree and not 404 inside it', async () => {
    const agentOrg = await t.app.db
      .selectFrom('users as u')
      .innerJoin('orgs as o', 'o.id', 'u.org_id')
      .select('o.path')
      .where('u.login_name', '=', 'agent')
      .executeTakeFirstOrThrow();
    const scopeOf = async (table: 'plants' | 'devices' | 'users' | 'roles' | 'faults' | 'customers' | 'orgs') => {
      const rows =
        table === 'orgs'
          ? await t.app.db.selectFrom('orgs').select(['id', 'path']).orderBy('id').execute()
          : await t.app.db
              .selectFrom(`${table} as x` as 'plants as x')
              .innerJoin('orgs as o', 'o.id', 'x.org_id')
              .select(['x.id', 'o.path'])
              .orderBy('x.id')
              .execute();
      const inside = rows.find(
        (r) => r.path.startsWith(agentOrg.path) && (table !== 'orgs' || r.path !== agentOrg.path),
      );
      const outside = rows.find((r) => !r.path.startsWith(agentOrg.path) && !agentOrg.path.startsWith(r.path));
      return { inside: inside?.id, outside: outside?.id };
    };
    const TABLES = ['plants', 'devices', 'users', 'roles', 'faults', 'customers', 'orgs'] as const;
    const ids = Object.fromEntries(await Promise.all(TABLES.map(async (tb) => [tb, await scopeOf(tb)] as const)));
    let checked = 0;
    const wrong: string[] = [];
    for (const r of routes) {
      if (r.method !== 'GET' || typeof r.access !== 'object' || !perms.agent.has(r.access.perm)) continue;
      const m = new RegExp(`^${API_BASE}/(${TABLES.join('|')})/\\{id\\}(/[a-z-]+)?$`, 'i').exec(r.path);
      if (!m) continue;
      const { inside, outside } = ids[m[1]! as (typeof TABLES)[number]]!;
      if (inside === undefined || outside === undefined) continue;
      const inRes = await send(r, urlOf(r, inside), tokens.agent);
      // a route that needs query parameters refuses before looking at the record: not checkable here
      if (inRes.statusCode === 400) continue;
      if (inRes.statusCode === 404) wrong.push(`agent ${r.path} in scope (${inside}) → 404`);
      const outRes = await send(r, urlOf(r, outside), tokens.agent);
      if (outRes.statusCode !== 404) wrong.push(`agent ${r.path} out of scope (${outside}) → ${outRes.statusCode}`);
      // the unscoped admin sees the same record
      const admin = await send(r, urlOf(r, outside), tokens.admin);
      if (admin.statusCode === 404) wrong.push(`admin ${r.path} (${outside}) → 404`);
      checked++;
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});

/** The access plugin's 403 (a handler's own 403 says why in other words). */
const isAccessRefusal = (msg: string) => msg === 'You do not have permission to do this';
