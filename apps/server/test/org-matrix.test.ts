import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const WHO = ['admin', 'viewer', 'agent', 'sunpath-admin'] as const;
beforeAll(async () => {
  t = await buildTestApp();
  for (const who of WHO) tokens[who] = await login(t.app, who);
});
afterAll(async () => t.close());

const orgId = async (code: string) =>
  (await t.app.db.selectFrom('orgs').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

describe('every demo role against the organisation, organisation group and audit routes', () => {
  it('answers 200 / 403 / 404 as designed', async () => {
    const delta = await orgId('DELTA');
    const sunpath = await orgId('SUNPATH');
    const agentGroup = (
      await t.app.db.selectFrom('org_groups').select('id').where('code', '=', 'AGENT').executeTakeFirstOrThrow()
    ).id;
    // [method, url, body, expected for admin, viewer, agent, sunpath-admin]
    const cases: [string, string, object | undefined, number[]][] = [
      ['GET', '/orgGroups', undefined, [200, 200, 403, 403]],
      ['POST', '/orgGroups', { name: 'Matrix', code: 'MATRIX' }, [200, 403, 403, 403]],
      ['GET', '/orgs', undefined, [200, 200, 403, 200]],
      ['GET', '/orgs/groups', undefined, [200, 200, 403, 200]],
      ['GET', `/orgs/${delta}`, undefined, [200, 200, 403, 404]],
      ['GET', `/orgs/${sunpath}`, undefined, [200, 200, 403, 200]],
      [
        'POST',
        '/orgs',
        { parentId: delta, groupId: agentGroup, name: 'MatrixOrg', code: 'MATRIX-ORG' },
        [200, 403, 403, 403],
      ],
      ['PUT', `/orgs/${delta}/move`, { parentId: sunpath }, [409, 403, 403, 403]],
      ['DELETE', `/orgs/${delta}`, undefined, [409, 403, 403, 403]],
      // the ROOT organisation's viewer reads the trail (issue 17), without the export button
      ['GET', '/audit', undefined, [200, 200, 403, 403]],
      ['GET', '/audit/entities', undefined, [200, 200, 403, 403]],
      ['GET', '/audit/export', undefined, [200, 403, 403, 403]],
      ['GET', '/profile/org', undefined, [200, 200, 200, 200]],
    ];
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, url, payload, expected] of cases) {
      for (const [i, who] of WHO.entries()) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: `/photo_voltaic${url}`,
          headers: { 'x-token': tokens[who]! },
          payload,
        });
        got.push(`${method} ${url} ${who} ${res.statusCode}`);
        want.push(`${method} ${url} ${who} ${expected[i]}`);
      }
    }
    expect(got).toEqual(want);
  });
});

describe('an installation seeded before the audit trail existed', () => {
  it('gets the audit menu and button for the ROOT admin role only on its next start', async () => {
    const { seedCore } = await import('../src/db/seed/seed.js');
    const db = t.app.db;
    const audit = await db
      .selectFrom('resources')
      .select('id')
      .where((eb) => eb.or([eb('router_path', '=', '/auth/audit'), eb('perm', 'like', 'audit:%')]))
      .execute();
    await db
      .deleteFrom('resources')
      .where(
        'id',
        'in',
        audit.map((r) => r.id),
      )
      .execute();
    // as if they had never been seeded (a deleted resource stays deleted otherwise)
    await db
      .deleteFrom('resource_seeds')
      .where((eb) => eb.or([eb('seed_key', '=', 'menu:/auth/audit'), eb('seed_key', 'like', 'button:audit:%')]))
      .execute();
    await seedCore(db);
    const holders = await db
      .selectFrom('role_resources as rr')
      .innerJoin('resources as res', 'res.id', 'rr.resource_id')
      .innerJoin('roles as r', 'r.id', 'rr.role_id')
      .select(['r.code', 'res.router_path', 'res.perm', 'res.kind'])
      .where((eb) => eb.or([eb('res.router_path', '=', '/auth/audit'), eb('res.perm', 'like', 'audit:%')]))
      .execute();
    expect(new Set(holders.map((h) => h.code))).toEqual(new Set(['admin']));
    expect(holders.map((h) => `${h.kind}:${h.router_path ?? h.perm}`).sort()).toEqual([
      'button:audit:export',
      'menu:/auth/audit',
    ]);
  });
});
