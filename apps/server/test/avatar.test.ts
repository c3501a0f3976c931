import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
let agent: string;
beforeAll(async () => {
  t = await buildTestApp();
  agent = await login(t.app, 'agent');
});
afterAll(async () => t.close());

// a 1×1 PNG and the start of a JPEG (what file-type reads)
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(200, 1),
  Buffer.from([0xff, 0xd9]),
]);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function multipart(content: Buffer, filename: string, type: string) {
  const boundary = '----pvtest';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string, content: Buffer, filename = 'me.png', type = 'image/png', lang = 'en') => {
  const m = multipart(content, filename, type);
  return t.app.inject({
    method: 'POST',
    url: '/photo_voltaic/profile/avatar',
    payload: m.payload,
    headers: { ...m.headers, 'x-token': token, 'accept-language': lang },
  });
};

describe('avatar upload', () => {
  it('stores a PNG, shows it in currentInfo and the profile, and serves it to any signed-in user', async () => {
    const res = await upload(agent, PNG);
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe('Avatar updated');
    const avatar = res.json().data.avatar as string;
    expect(avatar).toMatch(/^\/photo_voltaic\/avatars\/[a-f0-9]{64}\.png$/);
    const info = await t.app.inject({
      method: 'GET',
      url: '/photo_voltaic/sysOrgUser/currentInfo',
      headers: { 'x-token': agent },
    });
    expect(info.json().data.avatar).toBe(avatar);
    expect(
      (await t.app.inject({ method: 'GET', url: '/photo_voltaic/profile', headers: { 'x-token': agent } })).json().data
        .avatar,
    ).toBe(avatar);

    const viewer = await login(t.app, 'viewer');
    const served = await t.app.inject({ method: 'GET', url: avatar, headers: { 'x-token': viewer } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/photo_voltaic/avatars/..%2F..%2Fpv.sqlite',
          headers: { 'x-token': viewer },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('accepts a JPEG by its content, whatever its name says, and replaces the old picture', async () => {
    const res = await upload(agent, JPEG, 'photo.png', 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.avatar).toMatch(/\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: res.json().data.avatar, headers: { 'x-token': agent } });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses another type by content (415) and more than 2 MB (413) with the spec messages', async () => {
    const gif = await upload(agent, GIF, 'me.png', 'image/png');
    expect(gif.statusCode).toBe(415);
    expect(gif.json().msg).toBe('Upload pictures can only be in JPG or PNG format!');
    const text = await upload(
      agent,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'x.jpg',
      'image/jpeg',
      'zh',
    );
    expect(text.statusCode).toBe(415);
    const big = await upload(agent, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toBe('Upload pictures cannot exceed 2MB in size!');
    const info = await t.app.inject({
      method: 'GET',
      url: '/photo_voltaic/sysOrgUser/currentInfo',
      headers: { 'x-token': agent },
    });
    expect(info.json().data.avatar).toMatch(/\.jpg$/);
  });

  it('is audited as an update of the avatar', async () => {
    const admin = await login(t.app, 'admin');
    const rows = (
      await t.app.inject({ method: 'GET', url: '/photo_voltaic/audit?entity=avatar', headers: { 'x-token': admin } })
    ).json().data.rows;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      action: 'update',
      loginName: 'agent',
      summary: expect.stringContaining('image/jpeg'),
    });
  });
});
