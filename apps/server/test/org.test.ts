import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
let admin: string;
let agent: string;
let orgAdmin: string;
let viewer: string;
beforeAll(async () => {
  t = await buildTestApp();
  [admin, agent, orgAdmin, viewer] = await Promise.all([
    login(t.app, 'admin'),
    login(t.app, 'agent'),
    login(t.app, 'sunpath-admin'),
    login(t.app, 'viewer'),
  ]);
  // the demo's organisation administrator reads organisations; here it may also change them
  const db = t.app.db;
  const role = await db.selectFrom('roles').select('id').where('code', '=', 'org-admin').executeTakeFirstOrThrow();
  const buttons = await db
    .selectFrom('resources')
    .select('id')
    .where('perm', 'in', ['org:create', 'org:update', 'org:delete'])
    .where('kind', '=', 'button')
    .execute();
  await db
    .insertInto('role_resources')
    .values(buttons.map((b) => ({ role_id: role.id, resource_id: b.id })))
    .execute();
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': token, 'accept-language': lang },
    payload,
  });
const orgId = async (code: string) =>
  (await t.app.db.selectFrom('orgs').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const groupId = async (code: string) =>
  (await t.app.db.selectFrom('org_groups').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
const pathOf = async (id: number) =>
  (await t.app.db.selectFrom('orgs').select('path').where('id', '=', id).executeTakeFirstOrThrow()).path;

describe('organisation groups', () => {
  it('lists, creates, renames and deletes a group; the code is unique (409 with a message)', async () => {
    const list = await call('GET', '/orgGroups?pageSize=2', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBe(4);
    expect(list.json().data.rows).toHaveLength(2);
    expect(list.json().data.rows[0]).toMatchObject({ code: 'ROOT', orgs: 1 });

    const created = await call('POST', '/orgGroups', admin, { name: 'Distributor', code: 'DIST01' });
    expect(created.statusCode).toBe(200);
    expect(created.json().msg).toBe('Create Successful');
    const id = created.json().data.id;
    const dup = await call('POST', '/orgGroups', admin, { name: 'Other', code: 'dist01' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('An organisation group with the code dist01 already exists');
    const dupName = await call('POST', '/orgGroups', admin, { name: 'Distributor', code: 'DIST02' }, 'zh');
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().msg).toBe('名称为 Distributor 的组织类型已存在');

    const agentGroup = await groupId('AGENT');
    expect(
      (await call('PUT', `/orgGroups/${agentGroup}`, admin, { name: 'Service provider', code: 'AGENT' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/orgGroups/${agentGroup}`, admin, { name: 'Service partner', code: 'AGENT' })).statusCode,
    ).toBe(400);
    const renamed = await call('PUT', `/orgGroups/${id}`, admin, { name: 'Wholesaler', code: 'DIST01' });
    expect(renamed.json()).toMatchObject({ code: 200, msg: 'Update Successful', data: { name: 'Wholesaler' } });
    expect((await call('PUT', `/orgGroups/${id}`, admin, { name: 'Wholesaler', code: 'AGENT' })).statusCode).toBe(409);
    expect((await call('DELETE', `/orgGroups/${id}`, admin)).json().msg).toBe('Deleted Success');
    expect((await call('DELETE', `/orgGroups/${id}`, admin)).statusCode).toBe(404);
  });

  it('checks the §5 name and code rules on the server', async () => {
    const badCode = await call('POST', '/orgGroups', admin, { name: 'Good', code: 'has space' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().msg).toContain('Code must be 1-60 letters or digits');
    const badName = await call('POST', '/orgGroups', admin, { name: 'semi;colon', code: 'OK1' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().msg).toContain('Name must be 1-30');
    expect((await call('POST', '/orgGroups', admin, { name: 'x', code: 'A'.repeat(61) })).statusCode).toBe(400);
    expect((await call('POST', '/orgGroups', admin, { name: 'Long', code: 'A'.repeat(60) })).statusCode).toBe(200);
  });

  it('refuses to delete ROOT or a group that still has organisations', async () => {
    const root = await call('DELETE', `/orgGroups/${await groupId('ROOT')}`, admin);
    expect(root.statusCode).toBe(400);
    expect(root.json().msg).toContain('ROOT organisation group cannot be deleted');
    expect(
      (await call('PUT', `/orgGroups/${await groupId('ROOT')}`, admin, { name: 'Platform', code: 'PLATFORM' }))
        .statusCode,
    ).toBe(400);
    const inUse = await call('DELETE', `/orgGroups/${await groupId('AGENT')}`, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().msg).toBe('This organisation group still has organisations (2): move or delete them first');
  });

  it('needs the orgGroup permissions', async () => {
    expect((await call('GET', '/orgGroups', agent)).statusCode).toBe(403);
    expect((await call('GET', '/orgGroups', viewer)).statusCode).toBe(200);
    expect((await call('POST', '/orgGroups', viewer, { name: 'Nope', code: 'NOPE' })).statusCode).toBe(403);
    expect((await call('DELETE', `/orgGroups/${await groupId('CUSTOMER')}`, orgAdmin)).statusCode).toBe(403);
  });
});

describe('organisations', () => {
  let created: number;

  it('creates a service provider under ROOT with groupings; the identifier is unique (409)', async () => {
    const body = {
      parentId: await orgId('ROOT'),
      groupId: await groupId('AGENT'),
      name: 'NorthStar',
      code: 'NORTH-STAR',
      number: 'SP0042',
      address: '1 Harbour Road',
      groupings: [{ name: 'East', code: 'E1' }],
    };
    const res = await call('POST', '/orgs', admin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe('Create Successful');
    created = res.json().data.id;
    expect(res.json().data).toMatchObject({
      parentId: body.parentId,
      groupCode: 'AGENT',
      number: 'SP0042',
      groupings: [{ name: 'East', code: 'E1' }],
    });
    expect(await pathOf(created)).toBe(`/${body.parentId}/${created}/`);
    const dup = await call('POST', '/orgs', admin, { ...body, code: 'north-star' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('An organisation with the identifier north-star already exists');
    const tree = (await call('GET', '/orgs', admin)).json().data as { id: number; users: number }[];
    expect(tree.find((o) => o.id === created)).toMatchObject({ users: 0 });
  });

  it('checks the §5 rules: name, identifier, number, grouping codes', async () => {
    const base = { parentId: await orgId('ROOT'), groupId: await groupId('AGENT'), name: 'Valid', code: 'VALID-1' };
    for (const bad of [
      { name: 'no spaces allowed' },
      { code: '-starts-with-hyphen' },
      { code: 'under_score' },
      { number: 'N-1' },
      {
        groupings: [
          { name: 'A', code: 'X' },
          { name: 'B', code: 'x' },
        ],
      },
      { groupings: [{ name: 'A', code: 'bad code' }] },
    ]) {
      const res = await call('POST', '/orgs', admin, { ...base, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const dupGrouping = await call('POST', '/orgs', admin, {
      ...base,
      groupings: [
        { name: 'A', code: 'X' },
        { name: 'B', code: 'x' },
      ],
    });
    expect(dupGrouping.json().msg).toContain('Two groupings have the same code');
    expect((await call('POST', '/orgs', admin, { ...base, groupId: await groupId('ROOT') })).json().msg).toBe(
      'Only the platform organisation belongs to the ROOT group',
    );
    expect(
      await t.app.db.selectFrom('orgs').select('id').where('code', '=', 'VALID-1').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('keeps a service provider inside its scope: 404 outside, create under its own subtree', async () => {
    const delta = await orgId('DELTA');
    expect((await call('GET', `/orgs/${delta}`, orgAdmin)).statusCode).toBe(404);
    const outside = await call('POST', '/orgs', orgAdmin, {
      parentId: delta,
      groupId: await groupId('INSTALLER'),
      name: 'Sneaky',
      code: 'SNEAKY',
    });
    expect(outside.statusCode).toBe(404);
    const tree = (await call('GET', '/orgs', orgAdmin)).json().data as { code: string }[];
    expect(tree.map((o) => o.code)).toEqual(['SUNPATH', 'GREENROOF']);
    const inside = await call('POST', '/orgs', orgAdmin, {
      parentId: await orgId('SUNPATH'),
      groupId: await groupId('INSTALLER'),
      name: 'SunPathNorth',
      code: 'SUNPATH-NORTH',
      phone: '13812345678',
      address: '99 Long Street',
    });
    expect(inside.statusCode).toBe(200);
    expect(
      (await call('PUT', `/orgs/${delta}`, orgAdmin, { groupId: await groupId('AGENT'), name: 'Delta', code: 'DELTA' }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/orgs/${delta}`, orgAdmin)).statusCode).toBe(404);
    // the agent role has no org permission at all
    expect((await call('GET', '/orgs', agent)).statusCode).toBe(403);
  });

  it("masks the contact's phone without the sensitive grant, not the company's address", async () => {
    const id = await orgId('SUNPATH-NORTH');
    const seen = (await call('GET', `/orgs/${id}`, viewer)).json().data;
    expect(seen.phone).toBe('138****5678');
    expect(seen.address).toBe('99 Long Street');
    // the org admin has the grant: sees it all
    const full = (await call('GET', `/orgs/${id}`, orgAdmin)).json().data;
    expect(full.phone).toBe('13812345678');
  });

  it('edits an organisation; its identifier stays unique', async () => {
    const res = await call('PUT', `/orgs/${created}`, admin, {
      groupId: await groupId('AGENT'),
      name: 'NorthStar2',
      code: 'NORTH-STAR',
      number: 'SP0043',
      groupings: [],
    });
    expect(res.json()).toMatchObject({
      code: 200,
      msg: 'Update Successful',
      data: { name: 'NorthStar2', number: 'SP0043', groupings: [] },
    });
    expect(
      (
        await call('PUT', `/orgs/${created}`, admin, {
          groupId: await groupId('AGENT'),
          name: 'NorthStar2',
          code: 'SUNPATH',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call('PUT', `/orgs/${await orgId('ROOT')}`, admin, {
          groupId: await groupId('AGENT'),
          name: 'Root',
          code: 'ROOT',
        })
      ).statusCode,
    ).toBe(400);
    // a seeded name with a space may stay while the rest changes; a new name must follow §5
    const sunpath = await orgId('SUNPATH');
    const kept = await call('PUT', `/orgs/${sunpath}`, admin, {
      groupId: await groupId('AGENT'),
      name: 'SunPath Services',
      code: 'SUNPATH',
      number: 'SP1',
    });
    expect(kept.statusCode).toBe(200);
    const renamed = await call('PUT', `/orgs/${sunpath}`, admin, {
      groupId: await groupId('AGENT'),
      name: 'SunPath Rebranded',
      code: 'SUNPATH',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().msg).toBe('Name must be 1-30 letters, digits or Chinese characters');
  });

  it('moves an empty subtree: every path below is rewritten; never under itself or its descendants', async () => {
    const child = (
      await call('POST', '/orgs', admin, {
        parentId: created,
        groupId: await groupId('INSTALLER'),
        name: 'NorthChild',
        code: 'NORTH-CHILD',
      })
    ).json().data.id;
    const grandchild = (
      await call('POST', '/orgs', admin, {
        parentId: child,
        groupId: await groupId('CUSTOMER'),
        name: 'NorthGrand',
        code: 'NORTH-GRAND',
      })
    ).json().data.id;
    const selfMove = await call('PUT', `/orgs/${created}/move`, admin, { parentId: grandchild });
    expect(selfMove.statusCode).toBe(400);
    expect(selfMove.json().msg).toBe('An organisation cannot be moved under itself or one of its sub-organisations');
    expect((await call('PUT', `/orgs/${created}/move`, admin, { parentId: created })).statusCode).toBe(400);

    const delta = await orgId('DELTA');
    const moved = await call('PUT', `/orgs/${created}/move`, admin, { parentId: delta });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.parentId).toBe(delta);
    const deltaPath = await pathOf(delta);
    expect(await pathOf(created)).toBe(`${deltaPath}${created}/`);
    expect(await pathOf(child)).toBe(`${deltaPath}${created}/${child}/`);
    expect(await pathOf(grandchild)).toBe(`${deltaPath}${created}/${child}/${grandchild}/`);
    // the root cannot move
    expect((await call('PUT', `/orgs/${await orgId('ROOT')}/move`, admin, { parentId: delta })).json().msg).toBe(
      'The top organisation cannot be moved or deleted',
    );
  });

  it('a service provider admin needs both ends of a move in scope', async () => {
    const north = await orgId('SUNPATH-NORTH');
    expect((await call('PUT', `/orgs/${north}/move`, orgAdmin, { parentId: await orgId('DELTA') })).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `/orgs/${await orgId('DELTA')}/move`, orgAdmin, { parentId: north })).statusCode).toBe(
      404,
    );
    const ok = await call('PUT', `/orgs/${north}/move`, orgAdmin, { parentId: await orgId('GREENROOF') });
    expect(ok.statusCode).toBe(200);
    expect(
      (await call('PUT', `/orgs/${await orgId('SUNPATH')}/move`, orgAdmin, { parentId: await orgId('GREENROOF') }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses to move or delete an organisation that still has users, plants or devices', async () => {
    const sunpath = await orgId('SUNPATH');
    const del = await call('DELETE', `/orgs/${sunpath}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toMatch(
      /^This organisation still has users \(\d+\), plants \(\d+\) and devices \(\d+\): move or delete them first$/,
    );
    const zh = await call('DELETE', `/orgs/${sunpath}`, admin, undefined, 'zh');
    expect(zh.json().msg).toContain('请先移走或删除它们');
    const move = await call('PUT', `/orgs/${sunpath}/move`, admin, { parentId: await orgId('DELTA') });
    expect(move.statusCode).toBe(409);
    expect(await pathOf(sunpath)).toBe(`/${await orgId('ROOT')}/${sunpath}/`);
    // Bright Home has plants but no user
    const bright = await orgId('BRIGHTHOME');
    const plants = await t.app.db.selectFrom('plants').select('id').where('org_id', '=', bright).execute();
    if (plants.length) expect((await call('DELETE', `/orgs/${bright}`, admin)).statusCode).toBe(409);
  });

  it("deletes leaves only, and never the caller's own organisation", async () => {
    const north = await orgId('NORTH-STAR');
    const parent = await call('DELETE', `/orgs/${north}`, admin);
    expect(parent.statusCode).toBe(409);
    expect(parent.json().msg).toBe('This organisation still has sub-organisations (1): move or delete them first');
    expect((await call('DELETE', `/orgs/${await orgId('NORTH-GRAND')}`, admin)).json().msg).toBe('Deleted Success');
    expect((await call('DELETE', `/orgs/${await orgId('NORTH-CHILD')}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/orgs/${north}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/orgs/${north}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/orgs/${await orgId('SUNPATH')}`, orgAdmin)).statusCode).toBe(400);
    expect((await call('DELETE', `/orgs/${await orgId('ROOT')}`, admin)).statusCode).toBe(400);
  });

  it('shows the own organisation in the user center, with its groupings and type', async () => {
    const res = await call('GET', '/profile/org', agent);
    expect(res.json().data).toMatchObject({
      code: 'SUNPATH',
      groupCode: 'AGENT',
      groupings: [],
      phone: '+86 571 8765 4321',
    });
  });
});
