import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, multipart, type TestApp } from './helper.js';

let t: TestApp;
let admin: string;
let productId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
  const res = await t.app.inject({
    method: 'POST',
    url: '/photo_voltaic/products',
    headers: { 'x-token': admin },
    payload: { name: 'DocTest', type: 'inverter', code: `DOC${Date.now() % 100000}` },
  });
  productId = res.json().data.id;
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, lang = 'en', token: string | undefined = admin) =>
  t.app.inject({
    method,
    url: `/photo_voltaic${url}`,
    headers: { ...(token && { 'x-token': token }), 'accept-language': lang },
    payload,
  });
const upload = async (url: string, name: string, bytes: Buffer, lang = 'en') => {
  const { payload, contentType } = await multipart({}, { name, bytes });
  return t.app.inject({
    method: 'POST',
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': admin, 'content-type': contentType, 'accept-language': lang },
    payload,
  });
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// a Windows program: "MZ", the DOS stub, then the PE header file-type recognises
const EXE = (() => {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
})();
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42', 'latin1'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom', 'latin1'),
  Buffer.alloc(64),
]);
/** A PNG of exactly `size` bytes: its signature and header chunk, then filler. */
const png = (size: number) => {
  const head = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 7)]);
};

describe('product documents', () => {
  it('refuses a renamed .exe as a PDF by its content, and keeps nothing', async () => {
    const res = await upload(`/products/${productId}/documents/datasheet`, 'datasheet.pdf', EXE);
    expect(res.statusCode).toBe(415);
    expect(res.json().msg).toBe('Only PDF documents can be uploaded');
    expect((await call('GET', `/products/${productId}/documents`)).json().data).toEqual([]);
    // and a PDF named as one of the installation video is refused too
    const asVideo = await upload(`/products/${productId}/documents/installationVideo`, 'install.mp4', PDF);
    expect(asVideo.statusCode).toBe(415);
    expect(asVideo.json().msg).toBe('Only MP4 videos can be uploaded');
  });

  it('stores PDFs and the MP4 video, serves them with their type and name, limits the count per type', async () => {
    const first = await upload(`/products/${productId}/documents/userManual`, 'Manual SUN-5K (EN).pdf', PDF);
    expect(first.statusCode, first.body).toBe(200);
    const doc = first.json().data;
    expect(doc).toMatchObject({ docType: 'userManual', mime: 'application/pdf', fileName: 'Manual_SUN-5K_EN_.pdf' });
    const file = await t.app.inject({ url: doc.downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Manual_SUN-5K_EN_.pdf"; filename*=UTF-8''Manual_SUN-5K_EN_.pdf`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const video = await upload(`/products/${productId}/documents/installationVideo`, 'install.mp4', MP4);
    expect(video.json().data.mime).toBe('video/mp4');
    for (let i = 2; i <= 5; i++)
      expect((await upload(`/products/${productId}/documents/userManual`, `m${i}.pdf`, PDF)).statusCode).toBe(200);
    const sixth = await upload(`/products/${productId}/documents/userManual`, 'm6.pdf', PDF, 'zh');
    expect(sixth.statusCode).toBe(400);
    expect((await upload(`/products/${productId}/documents/userManual`, 'm6.pdf', PDF)).json().msg).toBe(
      'Number Of Files Exceeds Limit',
    );
    // deleting one makes room; its file is gone for download
    expect((await call('DELETE', `/product-documents/${doc.id}`)).json().msg).toBe('Deleted Success');
    expect((await t.app.inject({ url: doc.downloadUrl })).statusCode).toBe(404);
    expect((await upload(`/products/${productId}/documents/userManual`, 'm6.pdf', PDF)).statusCode).toBe(200);
    // the public product page lists them without a sign-in
    const pub = (await call('GET', '/cms/products', undefined, 'en', undefined)).json().data;
    expect(pub.find((p: { id: number }) => p.id === productId).documents).toHaveLength(6);
  });

  it('answers 404 for an unknown product and 403 without the permission', async () => {
    expect((await upload('/products/999999/documents/datasheet', 'a.pdf', PDF)).statusCode).toBe(404);
    const agent = await login(t.app, 'agent');
    expect((await call('DELETE', '/product-documents/1', undefined, 'en', agent)).statusCode).toBe(403);
  });
});

describe('release notes', () => {
  it('takes per-language JSON and refuses anything else with the spec message', async () => {
    const bad = await call('POST', `/products/${productId}/releases`, {
      version: 'V1.2.0',
      content: '{"en": "fixes",',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('The update content is not in a valid JSON format');
    for (const content of ['[]', '"text"', '{"fr": "x", "en": "y"}', '{"zh": "只有中文"}', '{"en": 3}'])
      expect((await call('POST', `/products/${productId}/releases`, { version: 'V1.2.0', content })).statusCode).toBe(
        400,
      );
    const ok = await call('POST', `/products/${productId}/releases`, {
      version: 'V1.2.0',
      content: '{"en": "Faster MPPT tracking", "zh": "更快的 MPPT 跟踪"}',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      (await call('POST', `/products/${productId}/releases`, { version: 'V1.2.0', content: '{"en":"x"}' })).statusCode,
    ).toBe(409);
    const zh = (await call('GET', '/cms/products', undefined, 'zh', undefined)).json().data;
    expect(zh.find((p: { id: number }) => p.id === productId).release).toMatchObject({
      version: 'V1.2.0',
      notes: '更快的 MPPT 跟踪',
    });
    const ja = (await call('GET', '/cms/products?lang=ja', undefined, 'en', undefined)).json().data;
    expect(ja.find((p: { id: number }) => p.id === productId).release.notes).toBe('Faster MPPT tracking');
  });
});

describe('product problems', () => {
  it('need a title; take JPG/PNG pictures up to 2 MB; go open → answered (as an FAQ) → closed', async () => {
    const noTitle = await call('POST', '/product-problems', { productId, title: ' ', description: 'x' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().msg).toContain('Title is required');
    const created = await call('POST', '/product-problems', {
      productId,
      title: 'Display stays dark after a grid outage',
      description: 'The LCD does not come back.',
    });
    const id = created.json().data.id;
    const big = await upload(`/product-problems/${id}/pictures`, 'photo.png', png(2 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toBe('Upload pictures cannot exceed 2MB in size!');
    const notImage = await upload(`/product-problems/${id}/pictures`, 'photo.png', PDF);
    expect(notImage.statusCode).toBe(415);
    const exact = await upload(`/product-problems/${id}/pictures`, 'photo.png', png(2 * 1024 * 1024));
    expect(exact.statusCode, exact.body).toBe(200);
    const pic = await t.app.inject({ url: exact.json().data.url, headers: { 'x-token': admin } });
    expect(pic.headers['content-type']).toBe('image/png');
    expect(pic.rawPayload.length).toBe(2 * 1024 * 1024);
    expect((await t.app.inject({ url: exact.json().data.url })).statusCode).toBe(401);

    const answered = await call('POST', `/product-problems/${id}/answer`, {
      answer: 'Switch the AC breaker off and on.\n\nThe display <b>returns</b>.',
      toFaq: true,
    });
    expect(answered.json().msg).toBe('Answer saved');
    const row = (await call('GET', `/product-problems?productId=${productId}`)).json().data.rows[0];
    expect(row).toMatchObject({ status: 'answered', pictures: [{ size: 2 * 1024 * 1024 }] });
    expect(row.faqId).toBeGreaterThan(0);
    const faq = (await call('GET', `/cms/contents/${row.faqId}`, undefined, 'en', undefined)).json().data;
    expect(faq).toMatchObject({ kind: 'faqs', title: 'Display stays dark after a grid outage' });
    expect(faq.content).toBe('<p>Switch the AC breaker off and on.</p><p>The display &lt;b&gt;returns&lt;/b&gt;.</p>');

    expect((await call('POST', `/product-problems/${id}/close`)).statusCode).toBe(200);
    expect((await call('POST', `/product-problems/${id}/answer`, { answer: 'again' })).statusCode).toBe(409);
    expect((await upload(`/product-problems/${id}/pictures`, 'p.png', png(1000))).statusCode).toBe(409);
    expect(
      (await call('GET', '/product-problems?status=closed')).json().data.rows.map((r: { id: number }) => r.id),
    ).toContain(id);
  });
});

describe('the demo', () => {
  it('has product documents that download as PDFs, release notes and an answered problem', async () => {
    const pub = (await call('GET', '/cms/products', undefined, 'en', undefined)).json().data;
    const inverter = pub.find((p: { code: string }) => p.code === 'SW5K');
    expect(inverter.documents.map((d: { docType: string }) => d.docType)).toEqual(['datasheet', 'userManual']);
    expect(inverter.release.version).toBe('V2.1.0');
    const file = await t.app.inject({ url: inverter.documents[0].downloadUrl });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const problems = (await call('GET', '/product-problems?status=answered')).json().data.rows;
    expect(problems.some((p: { title: string; answer: string }) => p.title.includes('router') && p.answer)).toBe(true);
  });
});
