import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { outboxOf, queueMail } from '../src/modules/mail/index.js';
import { deliverDue, MAIL_MAX_ATTEMPTS, MAIL_RETENTION_MS, pruneOutbox } from '../src/modules/mail/mail.service.js';
import { buildTestApp, DEMO, login, newDevice, type TestApp } from './helper.js';
import { until } from './smtp.js';

// Mail (issue 18, and issue 19's mails): every mail goes to the outbox and the mail-send job sends
// it through SMTP_URL — here a real SMTP server started by the test — retrying what the relay
// refuses; without SMTP_URL it stays 'stored' for an administrator to read.
const hour = 3_600_000;
const quiet = {
  dashboard: hour,
  'offline-sweep': hour,
  'command-timeouts': hour,
  'plant-stats': hour,
  'archive-prune': hour,
};

let smtp: SMTPServer;
let port: number;
const received: ParsedMail[] = [];
/** recipients whose next RCPT TO is refused (once each) with a temporary error */
const refuseOnce = new Set<string>();
/** recipients always refused */
const refuseAlways = new Set<string>();
const logins: string[] = [];

/** The mails received for `address`. */
const mailsTo = (address: string) => received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address);

/** A GREENROOF plant and device, signed-in users in their languages (the demo's service-provider role lists faults). */
async function setUp(t: TestApp, languages: Record<string, string>) {
  const db = t.app.db;
  const org = await db.selectFrom('orgs').select('id').where('code', '=', 'GREENROOF').executeTakeFirstOrThrow();
  const { id: plantId } = await db
    .insertInto('plants')
    .values({
      org_id: org.id,
      name: 'Roof Plant',
      capacity_wp: 10_000,
      country: 'CN',
      time_zone: 'Asia/Shanghai',
      latitude: null,
      longitude: null,
      address: null,
      install_position: 'roof',
      installed_at: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('devices')
    .values(newDevice({ sn: 'MGR1', name: 'Roof inverter', org_id: org.id, plant_id: plantId, online_state: 'online' }))
    .execute();
  // the language of each user's first sign-in becomes their mail language
  for (const [username, lang] of Object.entries(languages)) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      headers: { 'accept-language': lang },
      payload: { username, password: DEMO },
    });
    expect(res.statusCode).toBe(200);
  }
  // from now on faults are news (the job's first run set its cursor at start)
  await t.app.ingest.submit('MGR1', 'event', {
    type: 'fault',
    ts: Date.now(),
    code: 'E501',
    message: 'DC insulation low',
  });
}

describe('with SMTP_URL', () => {
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      // plain SMTP with a password, as a relay on a private network might take it
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, cb) {
        logins.push(`${auth.username}:${auth.password}`);
        if (auth.username === 'pv' && auth.password === 's3cret') cb(null, { user: auth.username });
        else cb(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, cb) {
        const to = address.address;
        if (refuseOnce.delete(to) || refuseAlways.has(to)) {
          const err = Object.assign(new Error(`Mailbox of ${to} is busy, try again later`), { responseCode: 451 });
          return cb(err);
        }
        cb();
      },
      onData(stream, _session, cb) {
        simpleParser(stream).then(
          (mail) => {
            received.push(mail);
            cb();
          },
          (err: Error) => cb(err),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
    refuseOnce.add('agent@sunpath.example');
    t = await buildTestApp(
      {
        SIMULATOR_PLANTS: '0',
        SMTP_URL: `smtp://pv:s3cret@127.0.0.1:${port}`,
        MAIL_FROM: 'PV Alerts <alerts@pv.example>',
      },
      { jobPeriods: { ...quiet, 'mail-send': 100, 'fault-notify': 100 } },
    );
    await setUp(t, { installer1: 'zh-CN,zh;q=0.9,en;q=0.8', agent: 'en-US,en;q=0.9' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends each recipient the fault in their language, through the relay with its password', async () => {
    const zh = await until('the mail to installer1', () => mailsTo('install@greenroof.example')[0]);
    expect(zh.from?.value[0]).toEqual({ address: 'alerts@pv.example', name: 'PV Alerts' });
    expect(zh.subject).toBe('【重要】Roof Plant 发生故障：DC insulation low');
    expect(zh.text).toContain('Green Roof Installer，您好：');
    expect(zh.text).toContain('电站 Roof Plant 发生了一条新故障');
    expect(zh.text).toContain('设备：Roof inverter (MGR1)');
    expect(zh.text).toContain('严重程度：重要');
    expect(zh.text).toContain('(Asia/Shanghai)');
    expect(zh.text).toContain('光伏监控平台');
    expect(zh.html).toContain('<td style="padding:2px 0">Roof inverter (MGR1)</td>');

    const en = await until('the mail to sunpath-ops', () => mailsTo('ops@sunpath.example')[0]);
    expect(en.subject).toBe('[Major] Fault at Roof Plant: DC insulation low');
    expect(en.text).toContain('Hello SunPath Operations,');
    expect(en.text).toContain('Device: Roof inverter (MGR1)');
    expect(en.text).toContain('PV Monitoring Platform');
    expect(logins.every((l) => l === 'pv:s3cret')).toBe(true);
    expect(logins.length).toBeGreaterThan(0);
  });

  it('tries again after the relay refused a recipient, and records the attempts', async () => {
    const mail = await until('the mail to agent', () => mailsTo('agent@sunpath.example')[0]);
    expect(mail.subject).toBe('[Major] Fault at Roof Plant: DC insulation low');
    expect(mailsTo('agent@sunpath.example')).toHaveLength(1);
    const row = await until('the agent mail marked sent', () =>
      t.app.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', 'agent@sunpath.example')
        .where('status', '=', 'sent')
        .executeTakeFirst(),
    );
    expect(row.attempts).toBe(2);
    expect(row.last_error).toContain('451');
    expect(Number(row.sent_at)).toBeGreaterThanOrEqual(Number(row.created_at));
    const first = await t.app.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('to_address', '=', 'install@greenroof.example')
      .executeTakeFirstOrThrow();
    expect(first).toEqual({ status: 'sent', attempts: 1, last_error: null });
  });

  it('sends a mail another module writes, in Spanish', async () => {
    const id = await queueMail(t.app.db, outboxOf(t.config), {
      to: 'cliente@example.com',
      lang: 'es',
      template: 'test',
      subject: {
        key: 'mail.faultOpened.subject',
        values: { severity: { key: 'mail.severity.critical' }, plant: 'Sol', title: 'Arco' },
      },
      blocks: [
        { key: 'mail.faultOpened.greeting', values: { name: 'Ana' } },
        { fields: [['mail.field.device', 'INV-7']] },
      ],
    });
    const mail = await until('the Spanish mail', () => mailsTo('cliente@example.com')[0]);
    expect(mail.subject).toBe('[Crítica] Avería en Sol: Arco');
    expect(mail.text?.trim()).toBe('Hola, Ana:\n\nEquipo: INV-7\n\nPlataforma de monitorización fotovoltaica');
    const admin = await login(t.app, 'admin');
    const res = await t.app.inject({
      method: 'GET',
      url: `/photo_voltaic/mail/outbox/${id}`,
      headers: { 'x-token': admin },
    });
    expect(res.json().data).toMatchObject({
      id,
      status: 'sent',
      lang: 'es',
      template: 'test',
      to: 'cliente@example.com',
    });
  });

  it('gives up after the last attempt: failed, with the relay’s answer', async () => {
    refuseAlways.add('nobody@example.com');
    // written as if the tries before the last one had already failed
    const id = await t.app.db.transaction().execute(async (trx) => {
      const id = await queueMail(trx, outboxOf(t.config), {
        to: 'nobody@example.com',
        lang: 'en',
        template: 'test',
        subject: { key: 'mail.faultOpened.outro' },
        blocks: [],
      });
      await trx
        .updateTable('mail_outbox')
        .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
        .where('id', '=', id)
        .execute();
      return id;
    });
    const row = await until('the mail failed', () =>
      t.app.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst(),
    );
    expect(row.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(row.next_attempt_at).toBeNull();
    expect(row.last_error).toContain('nobody@example.com is busy');
    expect(mailsTo('nobody@example.com')).toEqual([]);
  });
});

describe('configuration', () => {
  it('takes an smtp:// or smtps:// URL and a sender, and stops at start on anything else', () => {
    const c = loadConfig({ SMTP_URL: 'smtps://a%40b.example:pw@mail.example:465', MAIL_FROM: 'Alerts <a@b.example>' });
    expect(c).toMatchObject({ smtpUrl: 'smtps://a%40b.example:pw@mail.example:465', mailFrom: 'Alerts <a@b.example>' });
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
  });

  it('signs mails with the brand’s sender name when MAIL_FROM is not set (issue 22)', () => {
    expect(loadConfig({}).mailFrom).toBe('PV Console <no-reply@localhost>');
    expect(loadConfig({ BRAND: 'solarix' }).mailFrom).toBe('Solarix Cloud <no-reply@localhost>');
    expect(loadConfig({ BRAND: 'helios', MAIL_FROM: 'Ops <ops@helios.example>' }).mailFrom).toBe(
      'Ops <ops@helios.example>',
    );
  });
});

describe('two runs at once', () => {
  it('send a due mail once: the run that takes it first sends it', async () => {
    const t = await buildTestApp({ SIMULATOR_PLANTS: '0', SMTP_URL: 'smtp://127.0.0.1:9' }, { jobPeriods: quiet });
    try {
      const later = Date.now() + hour;
      const id = await queueMail(
        t.app.db,
        outboxOf(t.config),
        {
          to: 'once@example.com',
          lang: 'en',
          template: 'test',
          subject: { key: 'mail.faultOpened.outro' },
          blocks: [],
        },
        later,
      );
      const sent: string[] = [];
      const slow = {
        send: async (m: { to: string }) => {
          await new Promise((r) => setTimeout(r, 50));
          sent.push(m.to);
        },
      };
      const runs = await Promise.all([1, 2].map(() => deliverDue(t.app.db, slow, { periodMs: 100 }, later + 1)));
      expect(sent).toEqual(['once@example.com']);
      expect(runs.map((r) => r.sent).sort()).toEqual([0, 1]);
      const row = await t.app.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await t.close();
    }
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ SIMULATOR_PLANTS: '0' }, { jobPeriods: { ...quiet, 'fault-notify': 100 } });
    await setUp(t, { installer1: 'zh', agent: 'en' });
  });
  afterAll(async () => t?.close());

  const outbox = (token: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/photo_voltaic/mail/outbox${query}`, headers: { 'x-token': token } });

  it('keeps the mails as stored, readable by an administrator in the outbox', async () => {
    const admin = await login(t.app, 'admin');
    const page = await until('the stored mails', async () => {
      const res = (await outbox(admin, '?status=stored')).json().data;
      return res.total >= 6 ? res : undefined;
    });
    // the platform's administrator and viewer (scope all) are told too (issue 42)
    expect(page.rows.map((r: { to: string }) => r.to).sort()).toEqual([
      'admin@pv-console.example',
      'agent@sunpath.example',
      'install@greenroof.example',
      'it@sunpath.example',
      'ops@sunpath.example',
      'viewer@pv-console.example',
    ]);
    expect(
      page.rows.every((r: { status: string; attempts: number }) => r.status === 'stored' && r.attempts === 0),
    ).toBe(true);
    expect((await outbox(admin, '?status=sent')).json().data.total).toBe(0);
    const zh = page.rows.find((r: { to: string }) => r.to === 'install@greenroof.example');
    expect(zh).toMatchObject({
      lang: 'zh',
      template: 'faultOpened',
      subject: '【重要】Roof Plant 发生故障：DC insulation low',
    });
    const one = await t.app.inject({
      method: 'GET',
      url: `/photo_voltaic/mail/outbox/${zh.id}`,
      headers: { 'x-token': admin },
    });
    expect(one.json().data.text).toContain('设备：Roof inverter (MGR1)');
    expect(one.json().data.html).toContain('<html lang="zh">');
    // nothing tries to send them: there is no sending job, and the outbox's other job has run over them
    expect(() => t.app.jobs.tick('mail-send')).toThrow(/no periodic job mail-send/);
    expect(await t.app.jobs.tick('mail-prune')).toMatchObject({ ran: true });
    const rows = await t.app.db.selectFrom('mail_outbox').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'stored' && r.attempts === 0)).toBe(true);
  });

  it('refuses a user without mail:outbox (403), and one outside the platform operator even with it', async () => {
    const agent = await login(t.app, 'agent');
    const res = await outbox(agent);
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/mail/outbox/1', headers: { 'x-token': agent } }))
        .statusCode,
    ).toBe(403);
    // granted the permission, a service provider still may not read everybody's mail
    const db = t.app.db;
    const role = await db.selectFrom('roles').select('id').where('code', '=', 'agent').executeTakeFirstOrThrow();
    const res2 = await db.selectFrom('resources').select('id').where('perm', '=', 'mail:outbox').execute();
    expect(res2.length).toBeGreaterThan(0);
    await db
      .insertInto('role_resources')
      .values(res2.map((r) => ({ role_id: role.id, resource_id: r.id })))
      .execute();
    const again = await t.app.inject({
      method: 'GET',
      url: '/photo_voltaic/mail/outbox',
      headers: { 'x-token': await login(t.app, 'agent'), 'accept-language': 'zh' },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().msg).toBe('只有平台运营方可以查看邮件发件箱');
  });

  it('keeps mails for the retention period, and a queued one until it is sent or fails', async () => {
    const db = t.app.db;
    const ids = async () => (await db.selectFrom('mail_outbox').select('id').orderBy('id').execute()).map((r) => r.id);
    const before = await ids();
    const old = Date.now() - MAIL_RETENTION_MS - 60_000;
    const mail = {
      to: 'old@example.com',
      lang: 'en' as const,
      template: 'test',
      subject: { key: 'mail.faultOpened.outro' as const },
      blocks: [],
    };
    await queueMail(db, outboxOf(t.config), mail, old); // stored
    const queued = await queueMail(db, { sending: true, brand: 'default' }, mail, old); // no relay here: it stays queued
    expect(await pruneOutbox(db)).toBe(1);
    expect(await ids()).toEqual([...before, queued]);
    await db.deleteFrom('mail_outbox').where('id', '=', queued).execute();
  });

  it('masks the recipients for a role without the sensitive-data grant; 404 for a mail that does not exist', async () => {
    const viewer = await login(t.app, 'viewer');
    const rows = (await outbox(viewer)).json().data.rows as { to: string }[];
    expect(rows.map((r) => r.to)).toContain('i***@greenroof.example');
    expect(rows.some((r) => r.to === 'install@greenroof.example')).toBe(false);
    const admin = await login(t.app, 'admin');
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/mail/outbox/999999', headers: { 'x-token': admin } }))
        .statusCode,
    ).toBe(404);
  });
});
