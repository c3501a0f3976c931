import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

/* Excel exports of issue 21's lists: the interface error log, contact messages, product problems
   and content items. Each file is read back: its translated headers and the rows the filter keeps. */

let t: TestApp;
let admin: string;
let viewer: string;
let agent: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
  viewer = await login(t.app, 'viewer');
  agent = await login(t.app, 'agent');
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url: `/photo_voltaic${url}`,
    headers: { ...(token && { 'x-token': token }), 'accept-language': lang, 'user-agent': 'Mozilla/5.0 Chrome/142.0' },
    payload,
  });

/** The export's first sheet: its name, header row and the data rows as arrays of cell values. */
async function sheetOf(url: string, lang = 'en') {
  const res = await call('GET', url, admin, undefined, lang);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  return {
    name: sheet.name,
    disposition: res.headers['content-disposition'],
    headers: values(1),
    rows: Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(i + 2)),
  };
}

describe('help-center exports', () => {
  it('exports the interface error log, filtered, with translated headers and kinds; ROOT platform only', async () => {
    const at = Date.now() - 1000;
    for (const [token, kind, route] of [
      [admin, 'request', '/plant/list'],
      [admin, 'render', '/systems/faqs'],
      [agent, 'request', '/plant/detail'],
    ] as const)
      expect(
        (
          await call('POST', '/client-errors', token, {
            entries: [{ kind, message: `${kind} failed`, route, url: 'GET /plants', status: 500, at }],
          })
        ).statusCode,
      ).toBe(200);
    const en = await sheetOf('/client-errors/export?kind=request');
    expect(en.disposition).toBe('attachment; filename="error-log.xlsx"');
    expect(en.name).toBe('Error log');
    // a column of UTC Date cells says it is UTC (issue 42)
    expect(en.headers.slice(0, 8)).toEqual([
      'Time (UTC)',
      'Kind',
      'Message',
      'Page',
      'Request',
      'HTTP status',
      'User',
      'Browser',
    ]);
    expect(en.rows.map((r) => [r[1], r[3], r[6], r[7]])).toEqual([
      ['Failed request', '/plant/detail', 'agent', 'Chrome 142'],
      ['Failed request', '/plant/list', 'admin', 'Chrome 142'],
    ]);
    expect(en.rows[0]![0]).toBeInstanceOf(Date);
    const zh = await sheetOf('/client-errors/export?loginName=admin&route=/systems', 'zh');
    expect(zh.name).toBe('错误日志');
    expect(zh.headers.slice(0, 3)).toEqual(['时间（UTC）', '类型', '错误信息']);
    expect(zh.rows).toHaveLength(1);
    expect(zh.rows[0]![1]).toBe('渲染失败');

    // no errorlog:export: the viewer and the service provider are refused
    for (const token of [viewer, agent])
      expect((await call('GET', '/client-errors/export', token)).statusCode).toBe(403);
    // holding the permission outside the ROOT organisation is refused too: the log holds every organisation's users
    const role = await t.app.db
      .selectFrom('roles')
      .select('id')
      .where('code', '=', 'org-admin')
      .executeTakeFirstOrThrow();
    const perm = await t.app.db
      .selectFrom('resources')
      .select('id')
      .where('perm', '=', 'errorlog:export')
      .where('kind', '=', 'button')
      .executeTakeFirstOrThrow();
    await t.app.db.insertInto('role_resources').values({ role_id: role.id, resource_id: perm.id }).execute();
    const refused = await call('GET', '/client-errors/export', await login(t.app, 'sunpath-admin'));
    expect(refused.statusCode).toBe(403);
  });

  it('exports the contact messages of a status', async () => {
    for (const name of ['Ana', 'Li Wei'])
      await call('POST', '/cms/contact-messages', undefined, {
        name,
        email: `${name.length}@example.com`,
        message: `Hello from ${name}`,
      });
    const list = (await call('GET', '/contact-messages?pageNum=1&pageSize=10', admin)).json().data.rows;
    const ana = list.find((m: { name: string }) => m.name === 'Ana');
    expect(
      (await call('POST', `/contact-messages/${ana.id}/answer`, admin, { answer: 'Thanks, Ana' })).statusCode,
    ).toBe(200);
    const answered = await sheetOf('/contact-messages/export?status=answered');
    expect(answered.name).toBe('Contact messages');
    expect(answered.headers).toEqual([
      'Received (UTC)',
      'Name',
      'E-mail',
      'Phone',
      'Language',
      'Message',
      'Status',
      'Answer',
      'Answered (UTC)',
      'Answered by',
    ]);
    expect(answered.rows).toHaveLength(1);
    expect(answered.rows[0]!.slice(1, 3)).toEqual(['Ana', '3@example.com']);
    expect(answered.rows[0]![6]).toBe('Answered');
    expect(answered.rows[0]![7]).toBe('Thanks, Ana');
    const all = await sheetOf('/contact-messages/export', 'es');
    expect(all.headers[1]).toBe('Nombre');
    expect(all.rows.map((r) => r[1])).toEqual(expect.arrayContaining(['Ana', 'Li Wei']));
    expect(all.rows.find((r) => r[1] === 'Li Wei')![6]).toBe('Nuevo');
    for (const token of [viewer, agent])
      expect((await call('GET', '/contact-messages/export', token)).statusCode).toBe(403);
  });

  it('exports the product problems of a product with their picture count', async () => {
    const product = (
      await call('POST', '/products', admin, { name: 'ExportInv', type: 'inverter', code: `EXP${Date.now() % 100000}` })
    ).json().data;
    for (const title of ['Fan is loud', 'No Wi-Fi after update'])
      await call('POST', '/product-problems', admin, { productId: product.id, title, description: 'seen twice' });
    const sheet = await sheetOf(`/product-problems/export?productId=${product.id}`, 'ja');
    expect(sheet.name).toBe('製品の問題');
    expect(sheet.headers.slice(1, 5)).toEqual(['製品', 'タイトル', '説明', '状態']);
    expect(sheet.rows.map((r) => [r[1], r[2], r[4], r[7]])).toEqual([
      ['ExportInv', 'No Wi-Fi after update', '未対応', 0],
      ['ExportInv', 'Fan is loud', '未対応', 0],
    ]);
    const titled = await sheetOf(`/product-problems/export?productId=${product.id}&title=Fan`);
    expect(titled.rows.map((r) => r[2])).toEqual(['Fan is loud']);
    for (const token of [viewer, agent])
      expect((await call('GET', '/product-problems/export', token)).statusCode).toBe(403);
  });

  it("exports a kind's content items in their order, as text without markup", async () => {
    const created = await call('POST', '/contents', admin, {
      kind: 'faqs',
      lang: 'en',
      title: 'Export check',
      content: '<p>Inverter &amp; meter</p><p>1 &lt; 2 <strong>always</strong></p><script>alert(1)</script>',
      sortOrder: 9000,
      status: 'draft',
    });
    expect(created.statusCode, created.body).toBe(200);
    const sheet = await sheetOf('/contents/export?kind=faqs&title=Export%20check');
    expect(sheet.disposition).toBe('attachment; filename="faqs.xlsx"');
    expect(sheet.headers).toEqual([
      'Order',
      'Title',
      'Language',
      'Status',
      'Type',
      'Text',
      'Last changed (UTC)',
      'Changed by',
    ]);
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0]!.slice(0, 6)).toEqual([
      9000,
      'Export check',
      'en',
      'Draft',
      'Picture',
      'Inverter & meter\n1 < 2 always',
    ]);
    expect(sheet.rows[0]![7]).toBe('admin');
    // every seeded FAQ, in their order
    const faqs = await sheetOf('/contents/export?kind=faqs&lang=en');
    const orders = faqs.rows.map((r) => r[0] as number);
    expect(orders.length).toBeGreaterThan(1);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect((await call('GET', '/contents/export', admin)).statusCode).toBe(400); // the kind is required
    for (const token of [viewer, agent])
      expect((await call('GET', '/contents/export?kind=faqs', token)).statusCode).toBe(403);
  });
});
