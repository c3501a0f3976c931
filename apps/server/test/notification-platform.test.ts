import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, newDevice, type TestApp } from './helper.js';
import { startSmtp, until, type TestSmtp } from './smtp.js';

// The platform's own people are told too (issue 42): the demo administrator's preferences said
// "every severity, warnings included" and mail for major and critical, yet a critical fault in its
// own organisation (ROOT) left its bell empty and its mailbox too, as for the viewer: ROOT users
// were left out of the recipients. Through the real fault-notify and mail-send jobs, the API and a
// local SMTP server.
const hour = 3_600_000;
const quiet = {
  dashboard: hour,
  'offline-sweep': hour,
  'command-timeouts': hour,
  'plant-stats': hour,
  'archive-prune': hour,
  revenue: hour,
};

let smtp: TestSmtp;
let t: TestApp;
const tokens: Record<string, string> = {};
const emails = {
  admin: 'admin@pv-console.example',
  viewer: 'viewer@pv-console.example',
  retired: 'retired@pv-console.example',
  agent: 'agent@sunpath.example',
};

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': token, 'accept-language': lang },
    payload,
  });
const fault = (sn: string, code: string, message?: string) =>
  t.app.ingest.submit(sn, 'event', { type: 'fault', ts: Date.now(), code, ...(message && { message }) });
const unread = async (who: string) =>
  (await call('GET', '/notifications/unread-count', tokens[who]!)).json().data.unread as number;

/** Waits until the fault-notify job has gone past the opening of the fault with `code`; answers its id. */
async function told(code: string) {
  return until(`fault ${code} told`, async () => {
    const ev = await t.app.db
      .selectFrom('fault_events as fe')
      .innerJoin('faults as f', 'f.id', 'fe.fault_id')
      .select(['fe.id', 'f.id as faultId'])
      .where('f.code', '=', code)
      .where('fe.action', '=', 'opened')
      .executeTakeFirst();
    if (!ev) return undefined;
    const { state } = await t.app.db
      .selectFrom('job_runs')
      .select('state')
      .where('name', '=', 'fault-notify')
      .executeTakeFirstOrThrow();
    return state && (JSON.parse(state) as { cursor: number }).cursor >= ev.id ? ev.faultId : undefined;
  });
}

/** The outbox rows written for the fault with `code`, by recipient. */
const outboxFor = async (code: string) =>
  (
    await t.app.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('template', '=', 'faultOpened')
      .where('text', 'like', `%${code}%`)
      .execute()
  )
    .map((m) => m.to_address)
    .sort();

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp(
    { SIMULATOR_PLANTS: '0', SMTP_URL: smtp.url, MAIL_FROM: 'PV Alerts <alerts@pv.example>' },
    { jobPeriods: { ...quiet, 'fault-notify': 100, 'mail-send': 100 } },
  );
  const db = t.app.db;
  const org = async (code: string) =>
    (await db.selectFrom('orgs').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const plant = async (name: string, orgId: number, timeZone: string) =>
    (
      await db
        .insertInto('plants')
        .values({
          org_id: orgId,
          name,
          capacity_wp: 10_000,
          country: 'CN',
          time_zone: timeZone,
          latitude: null,
          longitude: null,
          address: null,
          install_position: 'roof',
          installed_at: null,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const root = await org('ROOT');
  const delta = await org('DELTA');
  const hq = await plant('HQ Rooftop', root, 'Asia/Shanghai');
  const madrid = await plant('Madrid Depot', delta, 'Europe/Madrid');
  await db
    .insertInto('devices')
    .values([
      newDevice({ sn: 'PRT1', name: 'HQ inverter', org_id: root, plant_id: hq, online_state: 'online' }),
      newDevice({ sn: 'PDL1', org_id: delta, plant_id: madrid, online_state: 'online' }),
    ])
    .execute();
  await db
    .insertInto('fault_codes')
    .values([
      {
        product_id: null,
        code: 'PX01',
        severity: 'critical',
        texts: JSON.stringify({
          en: { title: 'Arc fault detected', action: 'Switch the string off and inspect it' },
          zh: { title: '检测到电弧故障', action: '断开该组串并检查' },
        }),
      },
      {
        product_id: null,
        code: 'PW01',
        severity: 'warning',
        texts: JSON.stringify({
          en: { title: 'Fan speed low', action: 'Clean the fan inlet' },
          zh: { title: '风扇转速低', action: '清理风扇进风口' },
        }),
      },
    ])
    .execute();
  tokens.admin = await login(t.app, 'admin');
  tokens.agent = await login(t.app, 'agent');
  // the viewer's first sign-in is in Chinese: its mails are written in Chinese
  const first = await t.app.inject({
    method: 'POST',
    url: '/photo_voltaic/login',
    headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    payload: { username: 'viewer', password: 'demo123456' },
  });
  expect(first.statusCode).toBe(200);
  tokens.viewer = first.json().data.token;
  // the administrator's preferences as the issue found them
  const saved = await call('PUT', '/profile/notification-prefs', tokens.admin, {
    console: true,
    minSeverity: 'warning',
    mail: true,
    mailMinSeverity: 'major',
    lang: 'en',
  });
  expect(saved.statusCode).toBe(200);
  // faults from now on are news: the job's first run has set its cursor
  await until('the fault-notify cursor', async () => {
    const row = await db.selectFrom('job_runs').select('state').where('name', '=', 'fault-notify').executeTakeFirst();
    return row?.state ?? undefined;
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the platform administrator and viewer', () => {
  it('are told of a critical fault in their own organisation: bell, list and a mail through SMTP', async () => {
    await fault('PRT1', 'PX01');
    const faultId = await told('PX01');
    expect(await unread('admin')).toBe(1);
    expect(await unread('viewer')).toBe(1);
    const list = (await call('GET', '/notifications', tokens.admin!)).json().data;
    expect(list).toMatchObject({ total: 1, unread: 1, rows: [{ kind: 'fault', faultId, severity: 'critical' }] });
    expect(list.rows[0].title).toBe('Critical fault PX01: Arc fault detected');
    expect(list.rows[0].body).toBe('HQ inverter (PRT1) at HQ Rooftop');
    const zh = (await call('GET', '/notifications', tokens.viewer!, undefined, 'zh')).json().data;
    expect(zh.rows.map((r: { title: string }) => r.title)).toEqual(['紧急故障 PX01：检测到电弧故障']);
    // the fault is theirs to open: the notification leads somewhere they may go
    expect((await call('GET', `/faults?pageNum=1&pageSize=10&sn=PRT1`, tokens.viewer!)).json().data.total).toBe(1);

    const mail = await until('the mail to the administrator', () => smtp.mailsTo(emails.admin)[0]);
    expect(mail.subject).toBe('[Critical] Fault at HQ Rooftop: Arc fault detected');
    expect(mail.text).toContain('Hello Platform Admin,');
    expect(mail.text).toContain('Device: HQ inverter (PRT1)');
    const viewerMail = await until('the mail to the viewer', () => smtp.mailsTo(emails.viewer)[0]);
    expect(viewerMail.subject).toBe('【紧急】HQ Rooftop 发生故障：检测到电弧故障');
    // the disabled ROOT account and the other organisation's provider hear nothing
    expect(await outboxFor('PX01')).toEqual([emails.admin, emails.viewer].sort());
    expect(await unread('agent')).toBe(0);
  });

  it('see a warning in the bell, "warnings included", without a mail (mail for major and critical)', async () => {
    await fault('PRT1', 'PW01');
    await told('PW01');
    expect(await unread('admin')).toBe(2);
    expect(await unread('viewer')).toBe(2);
    const rows = (await call('GET', '/notifications?unread=true', tokens.admin!)).json().data.rows;
    expect(rows.map((r: { severity: string }) => r.severity)).toEqual(['warning', 'critical']);
    expect(await outboxFor('PW01')).toEqual([]);
  });

  it('are told of a major fault anywhere their scope (all) covers, mailed with the provider’s own people', async () => {
    await fault('PDL1', 'E901', 'Grid relay stuck');
    await told('E901');
    expect(await unread('admin')).toBe(3);
    expect(await unread('viewer')).toBe(3);
    expect(await outboxFor('E901')).toEqual([emails.admin, 'ops@delta.example', emails.viewer].sort());
    const mail = await until('the administrator’s second mail', () =>
      smtp.mailsTo(emails.admin).find((m) => m.subject?.includes('Madrid Depot')),
    );
    expect(mail.subject).toBe('[Major] Fault at Madrid Depot: Grid relay stuck');
    expect(mail.text).toContain('(Europe/Madrid)');
    expect(smtp.mailsTo(emails.retired)).toEqual([]);
    expect(smtp.mailsTo(emails.agent)).toEqual([]);
  });
});
