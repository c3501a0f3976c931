import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

/**
 * roles.perms, each role's permission codes kept by triggers (the session reads them instead of
 * gathering role_resources and resources on every request): whoever writes the grants or the
 * resources, the column follows — on SQLite here and on PostgreSQL in `npm run test:pg`.
 */
describe('role permissions kept on the role', () => {
  let t: TestApp;
  let roleId: number;
  let resourceIds: Record<string, number>;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.app.db;
    const org = await db.selectFrom('orgs').select('id').where('code', '=', 'SUNPATH').executeTakeFirstOrThrow();
    ({ id: roleId } = await db
      .insertInto('roles')
      .values({ code: 'perm-probe', name: 'Probe', org_id: org.id, data_scope: 'org', sensitive: 0 })
      .returning('id')
      .executeTakeFirstOrThrow());
    const rows = await db
      .selectFrom('resources')
      .select(['id', 'perm'])
      .where('perm', 'in', ['plant:list', 'device:list', 'fault:list'])
      .execute();
    resourceIds = Object.fromEntries(rows.map((r) => [r.perm!, r.id]));
  });
  afterAll(() => t?.close());

  const permsOf = async (id: number) => {
    const r = await t.app.db.selectFrom('roles').select('perms').where('id', '=', id).executeTakeFirstOrThrow();
    return (JSON.parse(r.perms) as string[]).sort();
  };

  it('starts empty and follows grants added, changed and removed', async () => {
    const db = t.app.db;
    expect(await permsOf(roleId)).toEqual([]);
    await db
      .insertInto('role_resources')
      .values([
        { role_id: roleId, resource_id: resourceIds['plant:list']! },
        { role_id: roleId, resource_id: resourceIds['device:list']! },
      ])
      .execute();
    expect(await permsOf(roleId)).toEqual(['device:list', 'plant:list']);
    await db
      .updateTable('role_resources')
      .set({ resource_id: resourceIds['fault:list']! })
      .where('role_id', '=', roleId)
      .where('resource_id', '=', resourceIds['device:list']!)
      .execute();
    expect(await permsOf(roleId)).toEqual(['fault:list', 'plant:list']);
    await db.deleteFrom('role_resources').where('role_id', '=', roleId).execute();
    expect(await permsOf(roleId)).toEqual([]);
  });

  it("follows a resource's permission code changing, and the resource being deleted", async () => {
    const db = t.app.db;
    const { id: resId } = await db
      .insertInto('resources')
      .values({
        parent_id: null,
        kind: 'button',
        name: 'probe',
        title_key: 'probe',
        router_path: null,
        perm: 'probe:one',
        icon: null,
        sort: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('role_resources').values({ role_id: roleId, resource_id: resId }).execute();
    expect(await permsOf(roleId)).toEqual(['probe:one']);
    await db.updateTable('resources').set({ perm: 'probe:two' }).where('id', '=', resId).execute();
    expect(await permsOf(roleId)).toEqual(['probe:two']);
    await db.updateTable('resources').set({ perm: null }).where('id', '=', resId).execute();
    expect(await permsOf(roleId)).toEqual([]);
    await db.updateTable('resources').set({ perm: 'probe:three' }).where('id', '=', resId).execute();
    // the grant goes with the resource (its foreign key cascades), and so does the code
    await db.deleteFrom('resources').where('id', '=', resId).execute();
    expect(await permsOf(roleId)).toEqual([]);
  });

  it('holds, for every seeded role, exactly the codes its grants give', async () => {
    const db = t.app.db;
    const roles = await db.selectFrom('roles').select(['id', 'perms']).execute();
    expect(roles.length).toBeGreaterThan(3);
    for (const role of roles) {
      const granted = await db
        .selectFrom('role_resources as rr')
        .innerJoin('resources as res', 'res.id', 'rr.resource_id')
        .select('res.perm')
        .distinct()
        .where('rr.role_id', '=', role.id)
        .where('res.perm', 'is not', null)
        .execute();
      expect((JSON.parse(role.perms) as string[]).sort()).toEqual(granted.map((g) => g.perm!).sort());
    }
  });

  it("a role's screen edit reaches its users' permissions on their next request", async () => {
    const token = await login(t.app, 'admin');
    const agentRole = await t.app.db
      .selectFrom('roles')
      .select(['id', 'name', 'code', 'data_scope'])
      .where('code', '=', 'agent')
      .executeTakeFirstOrThrow();
    const agent = await login(t.app, 'agent');
    const before = await t.app.inject({
      url: '/photo_voltaic/plants?pageNum=1&pageSize=5',
      headers: { 'x-token': agent },
    });
    expect(before.statusCode).toBe(200);
    // the role keeps every grant but the plant list
    const kept = await t.app.db
      .selectFrom('role_resources as rr')
      .innerJoin('resources as res', 'res.id', 'rr.resource_id')
      .select('rr.resource_id')
      .where('rr.role_id', '=', agentRole.id)
      .where((eb) => eb.or([eb('res.perm', 'is', null), eb('res.perm', '!=', 'plant:list')]))
      .execute();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/photo_voltaic/roles/${agentRole.id}/resources`,
      headers: { 'x-token': token },
      payload: { resourceIds: kept.map((k) => k.resource_id) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.app.inject({
      url: '/photo_voltaic/plants?pageNum=1&pageSize=5',
      headers: { 'x-token': agent },
    });
    expect(after.statusCode).toBe(403);
  });
});
