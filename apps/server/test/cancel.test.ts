import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';
import { startSmtp, until, type TestSmtp } from './smtp.js';

// Account cancellation (issue 19), end to end against a local SMTP server: the code is read out of
// the mail the server sent. Codes are single use, end after 10 minutes or 5 wrong tries, sending is
// throttled per address and per account, and an unknown address is answered like a known one.
const hour = 3_600_000;
const quiet = {
  dashboard: hour,
  'offline-sweep': hour,
  'command-timeouts': hour,
  'plant-stats': hour,
  'archive-prune': hour,
  'fault-notify': hour,
};
const base = '/photo_voltaic/customer/cancel';

let smtp: TestSmtp;
let t: TestApp;
let admin: string;

const send = (email: string, lang = 'en') =>
  t.app.inject({ method: 'POST', url: `${base}/code`, headers: { 'accept-language': lang }, payload: { email } });
const confirm = (email: string, code: string, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `${base}/confirm`,
    headers: { 'accept-language': lang },
    payload: { email, code },
  });

/** The code of the newest cancellation mail to `email` after `seen` of them. */
async function codeFrom(email: string, seen: number) {
  const mail = await until(
    `cancellation mail ${seen + 1} to ${email}`,
    () => smtp.mailsTo(email).filter((m) => /verification code|验证码/i.test(m.subject ?? ''))[seen],
  );
  return /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
}

/** A customer with a login account, opened through the API; answers its password from the first-password mail. */
async function openAccount(loginName: string, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/photo_voltaic/customers',
    headers: { 'x-token': admin },
    payload: { name: `Owner ${loginName}`, email, loginName },
  });
  expect(res.statusCode).toBe(200);
  const mail = await until(`first-password mail to ${email}`, () => smtp.mailsTo(email)[0]);
  expect(mail.text).toContain(loginName);
  const password = /Password: (\S+)/.exec(mail.text ?? '')![1]!;
  return { customerId: res.json().data.id as number, password };
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp(
    { SIMULATOR_PLANTS: '2', SMTP_URL: smtp.url, MAIL_FROM: 'PV <no-reply@pv.example>' },
    { jobPeriods: { ...quiet, 'mail-send': 100 } },
  );
  admin = await login(t.app, 'admin');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('account cancellation', () => {
  it('mails a code that disables the account, ends its sessions, is audited, and keeps the customer and plants', async () => {
    const email = 'first.owner@example.com';
    const { customerId, password } = await openAccount('first-owner', email);
    const plant = await t.app.db.selectFrom('plants').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.app.db.updateTable('plants').set({ owner_id: customerId }).where('id', '=', plant.id).execute();
    const token = await login(t.app, 'first-owner', password);

    const sent = await send('First.Owner@Example.com');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ code: 200, msg: 'Message sent successfully', data: null });
    const code = await codeFrom(email, 0);
    const stored = await t.app.db.selectFrom('cancel_codes').selectAll().where('email', '=', email).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);

    const ok = await confirm(email, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().msg).toBe('Verification code succeeded');
    const me = await t.app.inject({ method: 'GET', url: '/photo_voltaic/plants', headers: { 'x-token': token } });
    expect(me.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      payload: { username: 'first-owner', password },
    });
    expect(again.json().msg).toBe('This account is disabled');
    await t.app.audit.flush();
    const entry = await t.app.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('login_name', '=', 'first-owner')
      .where('entity', '=', 'account')
      .executeTakeFirstOrThrow();
    expect(entry.summary).toContain('cancelled');
    const customer = await t.app.db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
    expect(customer?.user_id).not.toBeNull();
    const kept = await t.app.db.selectFrom('plants').select('owner_id').where('id', '=', plant.id).executeTakeFirst();
    expect(kept?.owner_id).toBe(customerId);

    // the code is used: a second confirm is refused
    const reused = await confirm(email, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().msg).toBe('The verification code is wrong or has expired: request a new one');
  });

  it('ends a code after five wrong tries, even for the right code after them', async () => {
    const email = 'tries.owner@example.com';
    const { password } = await openAccount('tries-owner', email);
    expect((await send(email)).statusCode).toBe(200);
    const code = await codeFrom(email, 0);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await confirm(email, wrong, 'zh');
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('验证码错误或已过期，请重新获取');
    }
    expect((await confirm(email, code)).statusCode).toBe(400);
    // the account is untouched
    await login(t.app, 'tries-owner', password);
  });

  it('refuses an expired code', async () => {
    const email = 'late.owner@example.com';
    const { password } = await openAccount('late-owner', email);
    expect((await send(email)).statusCode).toBe(200);
    const code = await codeFrom(email, 0);
    // ten minutes later
    await t.app.db
      .updateTable('cancel_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('email', '=', email)
      .execute();
    expect((await confirm(email, code)).statusCode).toBe(400);
    await login(t.app, 'late-owner', password);
  });

  it('throttles per address (a minute apart, five an hour) and per account', async () => {
    const email = 'busy.owner@example.com';
    const { customerId } = await openAccount('busy-owner', email);
    expect((await send(email)).statusCode).toBe(200);
    const soon = await send(email);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().msg).toBe('Too many requests, please try again later');
    // four more within the hour (written as sent minutes ago): the sixth is refused however spaced
    const db = t.app.db;
    const first = await db.selectFrom('cancel_codes').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    await db
      .updateTable('cancel_codes')
      .set({ created_at: Date.now() - 50 * 60_000 })
      .where('id', '=', first.id)
      .execute();
    const { id: _id, ...row } = first;
    for (let k = 2; k <= 5; k++)
      await db
        .insertInto('cancel_codes')
        .values({ ...row, created_at: Date.now() - (50 - k) * 60_000, used_at: Date.now() })
        .execute();
    expect((await send(email)).statusCode).toBe(429);
    // per account: the customer's new address still belongs to the same account
    const renamed = 'busy.owner2@example.com';
    const put = await t.app.inject({
      method: 'PUT',
      url: `/photo_voltaic/customers/${customerId}`,
      headers: { 'x-token': admin },
      payload: { name: 'Owner busy-owner', email: renamed },
    });
    expect(put.statusCode).toBe(200);
    expect((await send(renamed)).statusCode).toBe(429);
    expect((await send('someone.else@example.com')).statusCode).toBe(200);
  });

  it('answers an unknown address exactly like a known one, mails nothing to it, and throttles it the same', async () => {
    const known = 'known.owner@example.com';
    await openAccount('known-owner', known);
    const unknown = 'nobody.here@example.com';
    const a = await send(known, 'zh');
    const b = await send(unknown, 'zh');
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(b.json().msg).toBe('消息发送成功');
    expect((await send(unknown)).statusCode).toBe(429);
    // a wrong code for the unknown address is refused like any wrong code
    const wrong = await confirm(unknown, '123456');
    expect(wrong.statusCode).toBe(400);
    // the known address got its mail; the unknown one none
    await codeFrom(known, 0);
    const outbox = await t.app.db.selectFrom('mail_outbox').select('id').where('to_address', '=', unknown).execute();
    expect(outbox).toEqual([]);
    expect(smtp.mailsTo(unknown)).toEqual([]);
  });

  it('refuses a malformed address or code with a translated message', async () => {
    const bad = await send('not-an-address', 'zh');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('请输入正确的邮箱地址');
    const short = await confirm('known.owner@example.com', '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain('The verification code is 6 digits');
  });

  it('answers "Failed to send verification code" and keeps no code when the mail cannot be written', async () => {
    const email = 'broken.owner@example.com';
    await openAccount('broken-owner', email);
    await sql`alter table mail_outbox rename to mail_outbox_away`.execute(t.app.db);
    try {
      const res = await send(email);
      expect(res.statusCode).toBe(500);
      expect(res.json().msg).toBe('Failed to send verification code');
    } finally {
      await sql`alter table mail_outbox_away rename to mail_outbox`.execute(t.app.db);
    }
    expect(await t.app.db.selectFrom('cancel_codes').select('id').where('email', '=', email).execute()).toEqual([]);
    // nothing was counted against the address: it may ask again at once
    expect((await send(email)).statusCode).toBe(200);
  });

  it('never writes a code or a first password to the log', async () => {
    const text = t.logs.join('');
    for (const m of smtp.received) {
      const code = /\b(\d{6})\b/.exec(m.subject ?? '')?.[1];
      if (code) expect(text).not.toContain(code);
      const pw = /Password: (\S+)/.exec(m.text ?? '')?.[1];
      if (pw) expect(text).not.toContain(pw);
    }
  });
});
