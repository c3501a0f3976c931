import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeContent } from '../src/modules/content/index.js';
import { buildTestApp, login, multipart, type TestApp } from './helper.js';
import { XSS_VECTORS } from './xss-vectors.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url: `/photo_voltaic${url}`,
    headers: { ...(token && { 'x-token': token }), 'accept-language': lang },
    payload,
  });
const item = (over: Record<string, unknown> = {}) => ({
  kind: 'faqs',
  lang: 'en',
  title: 'How do I add a plant?',
  content: '<p>Open the plant list and press <strong>Create</strong>.</p>',
  status: 'published',
  sortOrder: 5,
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => {
  const res = await call('POST', '/contents', admin, item(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
};
const publicTitles = async (kind: string, lang = 'en') =>
  (
    (await call('GET', `/cms/contents?kind=${kind}`, undefined, undefined, lang)).json().data as { title: string }[]
  ).map((i) => i.title);

/**
 * What is active in sanitised HTML, read as a browser would parse it (htmlparser2, the parser the
 * sanitiser itself uses): elements outside the allow-list, event handlers, styles, and URLs of a
 * scheme other than http(s), mailto and tel (entities decoded, blanks and controls removed).
 */
function activeParts(html: string): string[] {
  const found: string[] = [];
  const allowed = new Set(
    'p br h1 h2 h3 h4 h5 h6 strong b em i u s del sub sup blockquote ul ol li a img video source code pre hr span div table thead tbody tr th td caption figure figcaption'.split(
      ' ',
    ),
  );
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (!allowed.has(name)) found.push(`<${name}>`);
        for (const [k, v] of Object.entries(attribs)) {
          if (/^on/i.test(k) || k === 'style') found.push(`${name}[${k}]`);
          if (['href', 'src', 'poster', 'action', 'formaction', 'background'].includes(k)) {
            // a browser ignores blanks and control characters in a URL's scheme
            const url = [...v]
              .filter((c) => c.charCodeAt(0) > 32)
              .join('')
              .toLowerCase();
            if (/^[a-z][a-z0-9+.-]*:/.test(url) && !/^(https?|mailto|tel):/.test(url)) found.push(`${name}[${k}=${v}]`);
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

describe('the content sanitiser', () => {
  it(`leaves nothing active in any of the ${XSS_VECTORS.length} OWASP filter-evasion vectors`, () => {
    let seen = 0;
    for (const v of XSS_VECTORS) {
      // the check sees most vectors as active before sanitising (or it would prove nothing)…
      if (activeParts(v).length) seen++;
      // …and none of them after
      expect(activeParts(sanitizeContent(`<p>before</p>${v}<p>after</p>`)), v).toEqual([]);
    }
    expect(seen).toBeGreaterThanOrEqual(XSS_VECTORS.length - 8);
  });

  it('keeps what the editor writes', () => {
    const html =
      '<h2>Steps</h2><p><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <s>gone</s></p><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<blockquote>quote</blockquote><p><img src="https://cdn.example/a.png" alt="a" /></p><pre><code>x = 1</code></pre>';
    expect(sanitizeContent(html)).toBe(html);
    expect(sanitizeContent('<a href="https://pv.example/help">help</a>')).toBe(
      '<a href="https://pv.example/help" target="_blank" rel="noopener noreferrer nofollow">help</a>',
    );
  });
});

describe('content items', () => {
  it('stores the HTML sanitised, and a title is required', async () => {
    const id = await create({ content: `<p>ok</p><img src=x onerror="alert(1)"><script>alert(2)</script>` });
    const stored = (await call('GET', `/contents/${id}`, admin)).json().data;
    expect(stored.content).toBe('<p>ok</p><img src="x" />');
    const noTitle = await call('POST', '/contents', admin, item({ title: '   ' }));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().msg).toContain('Title is required');
    const zh = await call('POST', '/contents', admin, item({ title: '' }), 'zh');
    expect(zh.json().msg).toContain('标题');
  });

  it('serves only published items publicly, never drafts or deleted ones; deleted ones restore as drafts', async () => {
    const published = await create({ title: 'Published FAQ', sortOrder: 1 });
    await create({ title: 'Draft FAQ', status: 'draft' });
    const gone = await create({ title: 'Deleted FAQ' });
    expect((await call('DELETE', `/contents/${gone}`, admin)).json().msg).toBe('Deleted Success');
    const titles = await publicTitles('faqs');
    expect(titles).toContain('Published FAQ');
    expect(titles).not.toContain('Draft FAQ');
    expect(titles).not.toContain('Deleted FAQ');
    expect((await call('GET', `/cms/contents/${gone}`)).statusCode).toBe(404);
    expect((await call('GET', `/cms/contents/${published}`)).json().data.title).toBe('Published FAQ');
    // a deleted item is not edited (409) until restored, and comes back as a draft, still not public
    expect((await call('PUT', `/contents/${gone}`, admin, item({ title: 'Edited' }))).statusCode).toBe(409);
    expect((await call('POST', `/contents/${gone}/restore`, admin)).json().msg).toBe('Restored');
    expect((await call('GET', `/contents/${gone}`, admin)).json().data.status).toBe('draft');
    expect(await publicTitles('faqs')).not.toContain('Deleted FAQ');
    expect((await call('POST', `/contents/${gone}/restore`, admin)).statusCode).toBe(409);
    // unpublishing takes it off the public pages
    await call('PUT', `/contents/${published}`, admin, item({ title: 'Published FAQ', status: 'draft' }));
    expect(await publicTitles('faqs')).not.toContain('Published FAQ');
    expect((await call('GET', `/cms/contents/${published}`)).statusCode).toBe(404);
  });

  it('has the demo content: published FAQs, guide, policy and contact details, a draft kept back', async () => {
    expect((await publicTitles('faqs')).length).toBeGreaterThanOrEqual(2);
    expect(await publicTitles('contactUs', 'zh')).toEqual(['运维服务台']);
    expect(await publicTitles('policy')).toEqual(['Privacy policy']);
    expect(await publicTitles('userGuide')).not.toContain('Battery scheduling (draft)');
  });

  it("answers the visitor's language, in order, and English when the language has none", async () => {
    await create({ kind: 'userGuide', lang: 'en', title: 'Second', sortOrder: 902 });
    await create({ kind: 'userGuide', lang: 'en', title: 'First', sortOrder: 901 });
    await create({ kind: 'userGuide', lang: 'zh', title: '入门', sortOrder: 900 });
    const en = await publicTitles('userGuide', 'en');
    expect(en.slice(-2)).toEqual(['First', 'Second']);
    expect((await publicTitles('userGuide', 'zh-CN,zh;q=0.9')).at(-1)).toBe('入门');
    expect(await publicTitles('userGuide', 'zh')).not.toContain('First');
    // Japanese without a guide (the demo's deleted): the English one
    const ja = (await call('GET', '/contents?kind=userGuide&lang=ja&pageSize=100', admin)).json().data.rows as {
      id: number;
    }[];
    for (const { id } of ja) expect((await call('DELETE', `/contents/${id}`, admin)).statusCode).toBe(200);
    expect(await publicTitles('userGuide', 'ja')).toEqual(en);
    expect((await call('GET', '/cms/contents?kind=userGuide&lang=zh')).json().data.at(-1).title).toBe('入门');
  });

  it('keeps the console list to those who hold the content permissions', async () => {
    const agent = await login(t.app, 'agent');
    expect((await call('GET', '/contents?kind=faqs', agent)).statusCode).toBe(403);
    expect((await call('POST', '/contents', agent, item())).statusCode).toBe(403);
    expect((await call('GET', '/contents?kind=faqs')).statusCode).toBe(401);
    const list = (await call('GET', '/contents?kind=faqs&status=draft', admin)).json().data;
    expect(list.rows.every((r: { status: string }) => r.status === 'draft')).toBe(true);
  });
});

describe('contact messages', () => {
  it('are stored from the public form and answered by mail through the outbox', async () => {
    const sent = await call(
      'POST',
      '/cms/contact-messages',
      undefined,
      { name: 'Ana', email: 'ana@example.com', message: '¿Cómo conecto mi inversor?' },
      'es',
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const bad = await call('POST', '/cms/contact-messages', undefined, { name: '', email: 'nope', message: '' });
    expect(bad.statusCode).toBe(400);
    const rows = (await call('GET', '/contact-messages?status=new', admin)).json().data.rows;
    // the demo's own message waits for an answer too
    expect(rows.some((r: { email: string }) => r.email === 'maria.lopez@example.com')).toBe(true);
    const msg = rows.find((r: { email: string }) => r.email === 'ana@example.com');
    expect(msg).toMatchObject({ lang: 'es', status: 'new', answer: null });
    const answered = await call('POST', `/contact-messages/${msg.id}/answer`, admin, {
      answer: 'Con la app del colector.',
    });
    expect(answered.json().msg).toBe('Answer saved');
    const after = (await call('GET', '/contact-messages', admin))
      .json()
      .data.rows.find((r: { id: number }) => r.id === msg.id);
    expect(after).toMatchObject({ status: 'answered', answer: 'Con la app del colector.', answeredBy: 'admin' });
    const outbox = (await call('GET', '/mail/outbox?to=ana@example.com', admin)).json().data.rows;
    expect(outbox).toHaveLength(1);
    expect(outbox[0].subject).toContain('Re: su mensaje');
    const mail = (await call('GET', `/mail/outbox/${outbox[0].id}`, admin)).json().data;
    expect(mail.text).toContain('Con la app del colector.');
    expect(mail.text).toContain('¿Cómo conecto mi inversor?');
  });

  it('limits one address to five messages an hour', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/photo_voltaic/cms/contact-messages',
        remoteAddress: '203.0.113.9',
        payload: { name: 'Bot', email: 'bot@example.com', message: 'spam' },
      });
    for (let i = 0; i < 5; i++) expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });
});

describe('content media', () => {
  const upload = async (name: string, bytes: Buffer) => {
    const { payload, contentType } = await multipart({}, { name, bytes });
    return t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/contents/media',
      headers: { 'x-token': admin, 'content-type': contentType },
      payload,
    });
  };
  const png = (size: number) => {
    const head = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    return Buffer.concat([head, Buffer.alloc(size - head.length, 7)]);
  };

  it('takes pictures up to 2 MB by their bytes and serves them publicly', async () => {
    const ok = await upload('photo.png', png(5000));
    expect(ok.statusCode, ok.body).toBe(200);
    const { url } = ok.json().data;
    expect(url).toMatch(/^\/photo_voltaic\/cms\/media\/[a-f0-9]{64}\.png$/);
    const file = await t.app.inject({ url });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.length).toBe(5000);
    const big = await upload('big.png', png(2 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toBe('Upload pictures cannot exceed 2MB in size!');
    const exe = await upload('photo.png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]));
    expect(exe.statusCode).toBe(415);
    expect((await t.app.inject({ url: '/photo_voltaic/cms/media/..%2Fpv.sqlite' })).statusCode).toBe(404);
  });
});
