import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveAction, summarise } from '../src/plugins/audit.js';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/photo_voltaic${url}`, headers: { 'x-token': token }, payload });
type Entry = {
  action: string;
  entity: string;
  recordId: string | null;
  loginName: string | null;
  summary: string;
  ip: string;
  orgName: string | null;
  at: number;
};
const entries = async (query = '') =>
  (await call('GET', `/audit?pageSize=100${query}`, admin)).json().data.rows as Entry[];
const groupId = async (code: string) =>
  (await t.app.db.selectFrom('org_groups').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

describe('deriving an audit entry from a route', () => {
  it('takes the verb from the method and the record type from the pattern', () => {
    expect(deriveAction('POST', '/photo_voltaic/orgs')).toEqual({ action: 'create', entity: 'org' });
    expect(deriveAction('PUT', '/photo_voltaic/orgs/:id/move')).toEqual({ action: 'update', entity: 'org' });
    expect(deriveAction('DELETE', '/photo_voltaic/orgGroups/:id')).toEqual({ action: 'delete', entity: 'orgGroup' });
    expect(deriveAction('PUT', '/photo_voltaic/roles/:id/resources')).toEqual({ action: 'grant', entity: 'role' });
    expect(deriveAction('POST', '/photo_voltaic/users/:id/roles')).toEqual({ action: 'grant', entity: 'user' });
    expect(deriveAction('POST', '/photo_voltaic/devices/:id/key')).toEqual({ action: 'update', entity: 'device' });
    expect(deriveAction('POST', '/photo_voltaic/factories')).toEqual({ action: 'create', entity: 'factory' });
  });

  it('never writes a password, token or key into the summary', () => {
    const s = summarise({
      name: 'Ann',
      password: 'secret1234',
      newPassword: 'x',
      confirmPassword: 'x',
      token: 't',
      deviceKey: 'k',
      userKey: 'u',
      mobile: '138',
    });
    expect(s).toBe('name=Ann, mobile=138');
  });
});

describe('the audit trail', () => {
  it('records sign-in, failed sign-in and sign-out with the client address', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      payload: { username: 'viewer', password: 'wrong-password' },
    });
    expect(bad.statusCode).toBe(401);
    const token = await login(t.app, 'viewer');
    expect((await call('GET', '/sysLogout', token)).statusCode).toBe(200);
    const rows = await entries('&user=viewer');
    expect(rows.map((r) => r.action)).toEqual(['logout', 'login', 'loginFailed']);
    expect(rows[2]).toMatchObject({
      loginName: 'viewer',
      entity: 'session',
      summary: 'wrong password',
      ip: '127.0.0.1',
    });
    expect(rows[1]!.orgName).toBe('PV Platform');
    expect(JSON.stringify(rows)).not.toContain('wrong-password');
  });

  it('records every successful create / update / delete of any module, with record id, and no failed one', async () => {
    const created = await call('POST', '/orgGroups', admin, { name: 'Auditors', code: 'AUD1' });
    const id = created.json().data.id;
    await call('PUT', `/orgGroups/${id}`, admin, { name: 'AuditorsTwo', code: 'AUD1' });
    expect((await call('POST', '/orgGroups', admin, { name: 'Dup', code: 'AUD1' })).statusCode).toBe(409);
    await call('DELETE', `/orgGroups/${id}`, admin);
    // a module this slice did not write: devices
    const dev = await call('POST', '/devices', admin, { sn: 'AUDIT-SN-1', name: 'Audited', type: 'inverter' });
    expect(dev.statusCode).toBe(200);
    const changed = await call('POST', '/sysOrgUser/changePassword', await login(t.app, 'agent'), {
      oldPassword: 'demo123456',
      newPassword: 'another-pass-1',
      confirmPassword: 'another-pass-1',
    });
    expect(changed.statusCode).toBe(200);

    const rows = await entries('&user=admin');
    const groups = rows.filter((r) => r.entity === 'orgGroup');
    expect(groups.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    expect(groups.every((r) => r.recordId === String(id))).toBe(true);
    expect(groups[0]!.summary).toContain('AuditorsTwo (AUD1)');
    expect(groups[2]!.summary).toContain('name=Auditors');
    const device = rows.find((r) => r.entity === 'device')!;
    expect(device).toMatchObject({ action: 'create', loginName: 'admin', recordId: String(dev.json().data.id) });
    expect(device.summary).toContain('sn=AUDIT-SN-1');
    expect(JSON.stringify(rows)).not.toContain(dev.json().data.deviceKey);
    const pw = (await entries('&entity=password'))[0]!;
    expect(pw).toMatchObject({ action: 'update', loginName: 'agent', summary: '' });
  });

  it('filters by user, action, entity and time range, pages in SQL', async () => {
    const all = await call('GET', '/audit?pageSize=2', admin);
    expect(all.json().data.rows).toHaveLength(2);
    expect(all.json().data.total).toBeGreaterThan(5);
    const deletes = await entries('&action=delete');
    expect(deletes.length).toBeGreaterThan(0);
    expect(deletes.every((r) => r.action === 'delete')).toBe(true);
    const future = await entries(`&from=${Date.now() + 60_000}`);
    expect(future).toEqual([]);
    const past = await entries(`&to=${Date.now() - 3_600_000}`);
    expect(past).toEqual([]);
    expect((await call('GET', '/audit?action=explode', admin)).statusCode).toBe(400);
    const entities = (await call('GET', '/audit/entities', admin)).json().data as string[];
    expect(entities).toEqual(expect.arrayContaining(['orgGroup', 'session', 'device']));
  });

  it('is for ROOT-group sessions only: the agent and org admin get 403, and the menu is not theirs', async () => {
    for (const who of ['sunpath-admin', 'installer1']) {
      const token = await login(t.app, who);
      expect((await call('GET', '/audit', token)).statusCode, who).toBe(403);
      expect((await call('GET', '/audit/export', token)).statusCode, who).toBe(403);
      const info = (await call('GET', `/sysOrgUser/currentInfo`, token)).json();
      expect(
        info.data.list.map((l: { routerPath: string }) => l.routerPath),
        who,
      ).not.toContain('/auth/audit');
      expect(info.data.perms, who).not.toContain('audit:');
    }
    const info = (await call('GET', '/sysOrgUser/currentInfo', admin)).json();
    expect(info.data.list.map((l: { routerPath: string }) => l.routerPath)).toContain('/auth/audit');
    expect(info.data.perms.split(',')).toContain('audit:export');
    // the ROOT organisation's viewer ("Audit Viewer") reads the trail, without the export button
    const viewer = await login(t.app, 'viewer');
    expect((await call('GET', '/audit', viewer)).statusCode).toBe(200);
    expect((await call('GET', '/audit/export', viewer)).statusCode).toBe(403);
    // even holding the permission, a session outside the ROOT group is refused
    const role = await t.app.db
      .selectFrom('roles')
      .select('id')
      .where('code', '=', 'org-admin')
      .executeTakeFirstOrThrow();
    const res = await t.app.db
      .selectFrom('resources')
      .select('id')
      .where('perm', '=', 'audit:list')
      .where('kind', '=', 'menu')
      .executeTakeFirstOrThrow();
    await t.app.db.insertInto('role_resources').values({ role_id: role.id, resource_id: res.id }).execute();
    const refused = await call('GET', '/audit', await login(t.app, 'sunpath-admin'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('Only platform (ROOT) accounts can read the audit trail');
  });

  it('exports the filtered trail as a streamed .xlsx', async () => {
    const res = await call('GET', '/audit/export?entity=orgGroup', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toContain('Action');
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(4).value).toBe('Delete');
    // the time is a date cell written in the caller's date order (issue 22, the contract's DATE_ORDERS)
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it("writes the export's times in each language's date order", async () => {
    const expected = {
      en: 'yyyy-mm-dd hh:mm:ss',
      zh: 'yyyy-mm-dd hh:mm:ss',
      es: 'dd/mm/yyyy hh:mm:ss',
      ja: 'yyyy/mm/dd hh:mm:ss',
    };
    for (const [lang, numFmt] of Object.entries(expected)) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/photo_voltaic/audit/export?entity=orgGroup',
        headers: { 'x-token': admin, 'accept-language': lang },
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0]!.getRow(2).getCell(1).numFmt, lang).toBe(numFmt);
    }
  });

  it('writes asynchronously, in batches, and flushes what is queued when the app closes', async () => {
    const extra = await buildTestApp();
    const token = await login(extra.app, 'admin');
    const before = Date.now();
    for (let i = 0; i < 3; i++)
      await extra.app.inject({
        method: 'POST',
        url: '/photo_voltaic/orgGroups',
        headers: { 'x-token': token },
        payload: { name: `Batch${i}`, code: `BATCH${i}` },
      });
    expect(extra.app.audit.pending).toBeGreaterThanOrEqual(3);
    // close flushes before the database goes: read through a second connection afterwards
    const { closeDb, createDb } = await import('../src/db/dialect.js');
    await extra.app.close();
    const again = createDb(extra.config.databaseUrl).db;
    const rows = await again
      .selectFrom('audit_logs')
      .select(['action', 'entity'])
      .where('entity', '=', 'orgGroup')
      .where('at', '>=', before)
      .execute();
    expect(rows).toHaveLength(3);
    await closeDb(again);
    await extra.close().catch(() => undefined);
  });
});

describe('audit groups', () => {
  it('records a move of an organisation as an update with both names', async () => {
    const root = (await t.app.db.selectFrom('orgs').select('id').where('code', '=', 'ROOT').executeTakeFirstOrThrow())
      .id;
    const a = (
      await call('POST', '/orgs', admin, {
        parentId: root,
        groupId: await groupId('AGENT'),
        name: 'MoveA',
        code: 'MOVE-A',
      })
    ).json().data.id;
    const b = (
      await call('POST', '/orgs', admin, {
        parentId: root,
        groupId: await groupId('AGENT'),
        name: 'MoveB',
        code: 'MOVE-B',
      })
    ).json().data.id;
    expect((await call('PUT', `/orgs/${a}/move`, admin, { parentId: b })).statusCode).toBe(200);
    const row = (await entries('&entity=org'))[0]!;
    expect(row).toMatchObject({ action: 'update', recordId: String(a) });
    expect(row.summary).toContain('MoveA → MoveB');
  });
});

describe('routes written by teammates', () => {
  it('records a role assignment as a grant on the user, and a password reset without the password', async () => {
    const db = t.app.db;
    const ops = (
      await db.selectFrom('users').select('id').where('login_name', '=', 'sunpath-ops').executeTakeFirstOrThrow()
    ).id;
    const agentRole = (await db.selectFrom('roles').select('id').where('code', '=', 'agent').executeTakeFirstOrThrow())
      .id;
    expect((await call('PUT', `/users/${ops}/roles`, admin, { roleIds: [agentRole] })).statusCode).toBe(200);
    const row = (await entries('&action=grant'))[0]!;
    expect(row).toMatchObject({ action: 'grant', entity: 'user', recordId: String(ops), loginName: 'admin' });
    expect(row.summary).toContain(`roleIds=[${agentRole}]`);
    const reset = await call('PUT', `/users/${ops}/password`, admin, { password: 'brand-new-pass-1' });
    expect(reset.statusCode).toBe(200);
    // a generated one is answered once: it reaches the caller, never the trail
    const generated = await call('PUT', `/users/${ops}/password`, admin, {});
    const once = generated.json().data.password as string;
    expect(once.length).toBeGreaterThan(6);
    const resets = (await entries('&entity=user&action=update')).filter((r) => r.recordId === String(ops));
    expect(resets).toHaveLength(2);
    expect(JSON.stringify(resets)).not.toContain('brand-new-pass-1');
    expect(JSON.stringify(resets)).not.toContain(once);
  });
});
