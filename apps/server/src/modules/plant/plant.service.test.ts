import type { PlantBody, PlantPage } from '@pv/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Database } from '../../db/database.js';
import type { SessionUser } from '../../lib/types.js';
import { serviceDb } from '../../../test/service-db.js';
import * as plants from './plant.service.js';

let close: () => Promise<void>;
let db: Kysely<Database>;
/** The caller's organisation, a child of it (in scope) and an organisation outside the scope. */
const org = { mine: { id: 0, path: '' }, child: { id: 0, path: '' }, other: { id: 0, path: '' } };
/** Users: the caller (MINE), a colleague of OTHER, a disabled user. */
const users = { me: 0, other: 0, disabled: 0 };

async function addUser(orgId: number, login: string, email: string, state: 'enabled' | 'disabled' = 'enabled') {
  const { id } = await db
    .insertInto('users')
    .values({
      org_id: orgId,
      login_name: login,
      nickname: login,
      password_hash: 'x',
      mobile: null,
      email,
      state,
      avatar: '',
      introduction: '',
      created_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

beforeAll(async () => {
  const t = await serviceDb('plant-service');
  ({ db, close } = t);
  org.mine = await t.addOrg('MINE');
  org.child = await t.addOrg('CHILD', org.mine);
  org.other = await t.addOrg('OTHER');
  users.me = await addUser(org.mine.id, 'me', 'Me@Example.com');
  users.other = await addUser(org.other.id, 'other', 'other@example.com');
  users.disabled = await addUser(org.other.id, 'gone', 'gone@example.com', 'disabled');
});

afterAll(() => close());

/** The caller: organisation MINE and its children, contact details masked unless `sensitive`. */
function me(sensitive = false): SessionUser {
  return {
    id: users.me,
    loginName: 'me',
    sessionId: 1,
    roleIds: [],
    orgId: org.mine.id,
    orgPath: org.mine.path,
    orgGroupCode: 'AGENT',
    perms: new Set(),
    dataScope: 'orgAndChildren',
    sensitive,
  };
}

/** A user of OTHER who sees only their own organisation. */
function otherUser(): SessionUser {
  return {
    ...me(),
    id: users.other,
    loginName: 'other',
    orgId: org.other.id,
    orgPath: org.other.path,
    dataScope: 'org',
  };
}

let deps: { db: Kysely<Database>; refreshSoon: Mock<() => void>; invalidateDevices: Mock<() => void> };
beforeEach(() => {
  deps = { db, refreshSoon: vi.fn(), invalidateDevices: vi.fn() };
});

let seq = 0;
const body = (over: Partial<PlantBody> = {}): PlantBody => ({
  name: `Plant${++seq}`,
  capacityKw: 10,
  timeZone: 'Europe/Berlin',
  ...over,
});

/** A plant created through the service by a user who sees `orgId` (its stats row included). */
async function plantOf(orgId: number, over: Partial<PlantBody> = {}) {
  const owner: SessionUser = { ...me(), dataScope: 'all' };
  return (await plants.createPlant(deps, owner, body({ orgId, ...over }))).id;
}

async function addCustomer(orgId: number, email = 'owner@example.com') {
  const { id } = await db
    .insertInto('customers')
    .values({
      org_id: orgId,
      nickname: 'Own',
      name: 'Owner',
      email,
      phone: '13800001234',
      address: 'Long Street 12, Town',
      user_id: null,
      created_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function addDevice(sn: string, plantId: number | null, lastPoints: object | null = null, orgId = org.mine.id) {
  const { id } = await db
    .insertInto('devices')
    .values({
      sn,
      org_id: orgId,
      name: sn,
      type: 'inverter',
      product_id: null,
      plant_id: plantId,
      parent_id: null,
      secret_hash: null,
      mac: null,
      comm_mode: 'mqtt',
      online_state: 'online',
      run_state: 'normal',
      hw_version: null,
      sw_version: null,
      protocol_version: null,
      last_online_at: 1,
      last_points: lastPoints && JSON.stringify(lastPoints),
      created_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const grantOn = (plantId: number, userId: number) =>
  db
    .insertInto('plant_grants')
    .values({ plant_id: plantId, user_id: userId, perms: 'view', granted_by: null, created_at: 0 })
    .execute();

const status = (code: number) => expect.objectContaining({ code });

describe('scope: data scope for writes, a grant for reading only', () => {
  it('a plant outside the scope is 404 for every read and write', async () => {
    const id = await plantOf(org.other.id);
    await expect(plants.plantDetail(db, me(), id)).rejects.toEqual(status(404));
    await expect(plants.plantChart(db, me(), id, '7')).rejects.toEqual(status(404));
    await expect(plants.plantDevices(db, me(), id, { pageNum: 1, pageSize: 10 })).rejects.toEqual(status(404));
    await expect(plants.plantFaults(db, me(), id, { pageNum: 1, pageSize: 10 })).rejects.toEqual(status(404));
    await expect(plants.setFavourite(db, me(), id, true)).rejects.toEqual(status(404));
    await expect(plants.updatePlant(deps, me(), id, body())).rejects.toEqual(status(404));
    await expect(plants.deletePlant(deps, me(), id)).rejects.toEqual(status(404));
    await expect(plants.listGrants(db, me(), id)).rejects.toEqual(status(404));
    expect(deps.invalidateDevices).not.toHaveBeenCalled();
    expect((await db.selectFrom('plants').select('id').where('id', '=', id).execute()).length).toBe(1);
  });

  it('a plant of a child organisation is in scope for writes', async () => {
    const id = await plantOf(org.child.id);
    await plants.updatePlant(deps, me(), id, body({ name: 'ChildRenamed', orgId: org.child.id }));
    const row = await db.selectFrom('plants').select(['name', 'org_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'ChildRenamed', org_id: org.child.id });
    expect(deps.invalidateDevices).toHaveBeenCalledOnce();
    expect(deps.refreshSoon).toHaveBeenCalled();
  });

  it('a grant opens reading (detail, devices, faults, chart, favourite) but no write', async () => {
    const id = await plantOf(org.other.id);
    await addDevice('GRANTED-1', id, { acPower: 120 }, org.other.id);
    await grantOn(id, users.me);
    const detail = await plants.plantDetail(db, me(), id);
    expect(detail.id).toBe(id);
    expect(detail.access).toBe('grant');
    expect((await plants.plantDevices(db, me(), id, { pageNum: 1, pageSize: 10 })).total).toBe(1);
    expect((await plants.plantFaults(db, me(), id, { pageNum: 1, pageSize: 10 })).total).toBe(0);
    expect((await plants.plantChart(db, me(), id, '7')).kind).toBe('energy');
    await plants.setFavourite(db, me(), id, true);
    const listed = JSON.parse(
      await plants.listPlantsJson(db, me(), { pageNum: 1, pageSize: 100, favourite: 1 }),
    ) as PlantPage;
    expect(listed.rows.map((r) => r.id)).toContain(id);

    await expect(plants.updatePlant(deps, me(), id, body({ orgId: org.other.id }))).rejects.toEqual(status(404));
    await expect(plants.deletePlant(deps, me(), id)).rejects.toEqual(status(404));
    await expect(plants.listGrants(db, me(), id)).rejects.toEqual(status(404));
    await expect(plants.grantUsers(db, me(), id, { emails: 'other@example.com', perms: ['view'] })).rejects.toEqual(
      status(404),
    );
  });

  it("a plant of the caller's scope is seen through the organisation", async () => {
    const id = await plantOf(org.mine.id);
    expect((await plants.plantDetail(db, me(), id)).access).toBe('org');
  });
});

describe('delete', () => {
  it("unbinds the plant's devices and keeps them; its stats, favourites and grants go", async () => {
    const id = await plantOf(org.mine.id);
    const keep = await plantOf(org.mine.id);
    const d1 = await addDevice('DEL-1', id);
    const d2 = await addDevice('DEL-2', id);
    const d3 = await addDevice('DEL-3', keep);
    await plants.setFavourite(db, me(), id, true);
    await grantOn(id, users.other);
    await grantOn(keep, users.other);
    deps.refreshSoon.mockClear();

    expect(await plants.deletePlant(deps, me(), id)).toEqual({ unboundDevices: 2 });

    const devices = await db.selectFrom('devices').select(['id', 'plant_id']).where('id', 'in', [d1, d2, d3]).execute();
    expect(devices.sort((a, b) => a.id - b.id)).toEqual([
      { id: d1, plant_id: null },
      { id: d2, plant_id: null },
      { id: d3, plant_id: keep },
    ]);
    expect(await db.selectFrom('plants').select('id').where('id', '=', id).execute()).toEqual([]);
    for (const t of ['plant_stats', 'plant_favourites', 'plant_grants'] as const)
      expect(await db.selectFrom(t).select('plant_id').where('plant_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('plant_grants').select('plant_id').where('plant_id', '=', keep).execute()).toHaveLength(
      1,
    );
    expect(deps.invalidateDevices).toHaveBeenCalledOnce();
    expect(deps.refreshSoon).toHaveBeenCalledOnce();
    await expect(plants.deletePlant(deps, me(), id)).rejects.toEqual(status(404));
  });
});

describe('create and edit', () => {
  it("creates in the caller's organisation by default, listed at once (its stats row), offline", async () => {
    const { id } = await plants.createPlant(deps, me(), body({ name: 'Fresh' }));
    const row = await db.selectFrom('plants').select(['org_id', 'capacity_wp']).where('id', '=', id).executeTakeFirst();
    expect(row).toEqual({ org_id: org.mine.id, capacity_wp: 10_000 });
    const listed = JSON.parse(
      await plants.listPlantsJson(db, me(), { pageNum: 1, pageSize: 10, name: 'Fresh' }),
    ) as PlantPage;
    expect(listed.rows.map((r) => [r.id, r.status])).toEqual([[id, 'offline']]);
    expect(deps.refreshSoon).toHaveBeenCalledOnce();
  });

  it('a name is unique within an organisation only (409)', async () => {
    await plants.createPlant(deps, me(), body({ name: 'Twin' }));
    await expect(plants.createPlant(deps, me(), body({ name: 'Twin' }))).rejects.toEqual(
      expect.objectContaining({ code: 409, key: 'error.plantNameTaken' }),
    );
    await plants.createPlant(deps, me(), body({ name: 'Twin', orgId: org.child.id }));
    const other = (await plants.createPlant(deps, me(), body({ name: 'Other twin' }))).id;
    await expect(plants.updatePlant(deps, me(), other, body({ name: 'Twin' }))).rejects.toEqual(status(409));
    // keeping its own name is no clash
    await plants.updatePlant(deps, me(), other, body({ name: 'Other twin' }));
  });

  it('the owner must be a customer of the scope, the organisations in the scope (400)', async () => {
    const outsider = await addCustomer(org.other.id);
    const insider = await addCustomer(org.child.id);
    await expect(plants.createPlant(deps, me(), body({ ownerId: outsider }))).rejects.toEqual(
      expect.objectContaining({ code: 400, key: 'error.ownerNotFound' }),
    );
    await expect(plants.createPlant(deps, me(), body({ installerOrgId: org.other.id }))).rejects.toEqual(
      expect.objectContaining({ code: 400, key: 'error.orgNotFound' }),
    );
    await expect(plants.createPlant(deps, me(), body({ orgId: org.other.id }))).rejects.toEqual(
      expect.objectContaining({ code: 400, key: 'error.orgNotFound' }),
    );
    const { id } = await plants.createPlant(
      deps,
      me(),
      body({ ownerId: insider, installerOrgId: org.child.id, orgId: org.child.id }),
    );
    await expect(plants.updatePlant(deps, me(), id, body({ orgId: org.other.id }))).rejects.toEqual(status(400));
    const row = await db.selectFrom('plants').select(['owner_id', 'org_id']).where('id', '=', id).executeTakeFirst();
    expect(row).toEqual({ owner_id: insider, org_id: org.child.id });
  });

  it("masks the owner's contact details without the sensitive grant", async () => {
    const owner = await addCustomer(org.mine.id, 'masked@example.com');
    const id = await plantOf(org.mine.id, { ownerId: owner });
    const masked = (await plants.plantDetail(db, me(), id)).owner!;
    expect(masked.email).toBe('m***@example.com');
    expect(masked.phone).toBe('138****1234');
    expect(masked.address).not.toBe('Long Street 12, Town');
    const clear = (await plants.plantDetail(db, me(true), id)).owner!;
    expect([clear.email, clear.phone, clear.address]).toEqual([
      'masked@example.com',
      '13800001234',
      'Long Street 12, Town',
    ]);
    const options = await plants.plantOptions(db, me());
    expect(options.owners.find((o) => o.id === owner)?.email).toBe('m***@example.com');
    expect(options.orgs.map((o) => o.id)).not.toContain(org.other.id);
  });
});

describe('devices and favourites', () => {
  it("a device's power: production, else battery power, else the meter's net import", async () => {
    const id = await plantOf(org.mine.id);
    await addDevice('POW-1', id, { acPower: 500, batteryPower: 7 });
    await addDevice('POW-2', id, { batteryPower: -200 });
    await addDevice('POW-3', id, { meterImportPower: 300, meterExportPower: 50 });
    await addDevice('POW-4', id, null);
    const { rows } = await plants.plantDevices(db, me(), id, { pageNum: 1, pageSize: 10 });
    expect(rows.map((r) => [r.sn, r.power])).toEqual([
      ['POW-1', 500],
      ['POW-2', -200],
      ['POW-3', 250],
      ['POW-4', null],
    ]);
  });

  it('a favourite is per user and can be taken back', async () => {
    const id = await plantOf(org.mine.id, { name: 'Starred' });
    await plants.setFavourite(db, me(), id, true);
    await plants.setFavourite(db, me(), id, true); // twice is once
    const favs = () => db.selectFrom('plant_favourites').select('user_id').where('plant_id', '=', id).execute();
    expect(await favs()).toEqual([{ user_id: users.me }]);
    await plants.setFavourite(db, me(), id, false);
    expect(await favs()).toEqual([]);
  });
});

describe('grants', () => {
  it('authorises enabled users by e-mail, never the caller, and names the unknown e-mails', async () => {
    const id = await plantOf(org.mine.id);
    // the caller's own e-mail (in any case) is refused before the unknown ones are named
    await expect(
      plants.grantUsers(db, me(), id, { emails: 'me@example.com,nobody@example.com', perms: ['view'] }),
    ).rejects.toEqual(expect.objectContaining({ code: 400, key: 'validation.authorisedSelf' }));
    await expect(
      plants.grantUsers(db, me(), id, {
        emails: 'other@example.com,gone@example.com,nobody@example.com',
        perms: ['view'],
      }),
    ).rejects.toEqual(
      expect.objectContaining({
        code: 400,
        key: 'error.unknownEmails',
        values: { emails: 'gone@example.com, nobody@example.com' },
      }),
    );
    expect(await plants.listGrants(db, me(), id)).toEqual([]);

    await plants.grantUsers(db, me(), id, { emails: 'OTHER@example.com', perms: ['view', 'view'] });
    // a second grant to the same user changes their permissions
    await plants.grantUsers(db, me(), id, { emails: 'other@example.com', perms: ['control', 'view'] });
    const grants = await plants.listGrants(db, me(), id);
    expect(grants.map((g) => [g.userId, g.perms, g.email])).toEqual([
      [users.other, ['control', 'view'], 'o***@example.com'],
    ]);
    // the grant lets the colleague of OTHER read the plant
    expect((await plants.plantDetail(db, otherUser(), id)).access).toBe('grant');
  });

  it("changes and withdraws a grant of this plant only (404 for another plant's)", async () => {
    const id = await plantOf(org.mine.id);
    const elsewhere = await plantOf(org.mine.id);
    await plants.grantUsers(db, me(), id, { emails: 'other@example.com', perms: ['view'] });
    const [grant] = await plants.listGrants(db, me(), id);
    await expect(plants.updateGrant(db, me(), elsewhere, grant!.id, ['control'])).rejects.toEqual(status(404));
    await expect(plants.revokeGrant(db, me(), elsewhere, grant!.id)).rejects.toEqual(status(404));

    await plants.updateGrant(db, me(), id, grant!.id, ['control', 'control']);
    expect((await plants.listGrants(db, me(), id))[0]!.perms).toEqual(['control']);
    await plants.revokeGrant(db, me(), id, grant!.id);
    expect(await plants.listGrants(db, me(), id)).toEqual([]);
    await expect(plants.plantDetail(db, otherUser(), id)).rejects.toEqual(status(404));
    await expect(plants.revokeGrant(db, me(), id, grant!.id)).rejects.toEqual(status(404));
  });
});

describe('export', () => {
  it('the rows of the list, status in the caller language, times as dates', async () => {
    const id = await plantOf(org.mine.id, { name: 'Exported', installedAt: Date.UTC(2024, 0, 2) });
    const file = plants.plantExport(db, me(), { name: 'Exported' }, 'zh');
    expect(file.filename).toBe('plants.xlsx');
    const rows = [];
    for await (const r of file.rows) rows.push(r);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      status: '离线',
      installedAt: new Date(Date.UTC(2024, 0, 2)),
      dataUpdatedAt: null,
    });
    expect(file.columns.map((c) => c.key)).toContain('status');
  });
});
