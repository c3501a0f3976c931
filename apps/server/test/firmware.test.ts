import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashDeviceKey } from '../src/ingest/index.js';
import { buildTestApp, login, multipart, newDevice, type TestApp } from './helper.js';

let t: TestApp;
let admin: string;
const SN = 'OTA-INV-01';
beforeAll(async () => {
  t = await buildTestApp({ FIRMWARE_MAX_MB: '1' });
  admin = await login(t.app, 'admin');
  const org = await t.app.db.selectFrom('orgs').select('id').where('code', '=', 'SUNPATH').executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('devices')
    .values(newDevice({ sn: SN, org_id: org.id, secret_hash: hashDeviceKey('ota-key'), sw_version: 'V1.0.0' }))
    .execute();
});
afterAll(async () => t.close());

const upload = async (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
  const { payload, contentType } = await multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/photo_voltaic/firmware',
    payload,
    headers: { 'content-type': contentType, 'x-token': admin },
  });
};
const bytes = Buffer.from(Array.from({ length: 50_000 }, (_, i) => i % 251));

describe('firmware', () => {
  it('uploads a version with its checksum, refuses a repeat, a bad version, no file and a file over the limit', async () => {
    const res = await upload(
      { version: 'V2.0.0', deviceType: 'inverter', description: 'MPPT tracking fix' },
      { name: 'sunwave v2.bin', bytes },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      version: 'V2.0.0',
      deviceType: 'inverter',
      size: bytes.length,
      fileName: 'sunwave_v2.bin',
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect((await upload({ version: 'V2.0.0', deviceType: 'inverter' }, { name: 'a.bin', bytes })).statusCode).toBe(
      409,
    );
    const bad = await upload({ version: 'v 2', deviceType: 'inverter' }, { name: 'a.bin', bytes });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('A version is');
    expect((await upload({ version: 'V2.0.1', deviceType: 'inverter' })).statusCode).toBe(400);
    const big = await upload(
      { version: 'V9.0.0', deviceType: 'inverter' },
      { name: 'big.bin', bytes: Buffer.alloc(1024 * 1024 + 10) },
    );
    expect(big.statusCode).toBe(413);
  });

  it('tells the console the upload limit (FIRMWARE_MAX_MB), to users holding cmd:list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/photo_voltaic/firmware/limits',
      headers: { 'x-token': admin },
    });
    expect(res.json().data).toEqual({ maxBytes: 1024 * 1024 });
    expect((await t.app.inject({ method: 'GET', url: '/photo_voltaic/firmware/limits' })).statusCode).toBe(401);
  });

  it('lets a device (SN + key) and a console user download the file, nobody else', async () => {
    const id = (
      await t.app.inject({ method: 'GET', url: '/photo_voltaic/firmware', headers: { 'x-token': admin } })
    ).json().data.rows[0].id;
    const asDevice = await t.app.inject({
      method: 'GET',
      url: `/photo_voltaic/firmware/${id}/file`,
      headers: { 'x-device-sn': SN, 'x-device-key': 'ota-key' },
    });
    expect(asDevice.statusCode).toBe(200);
    expect(Buffer.compare(asDevice.rawPayload, bytes)).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: `/photo_voltaic/firmware/${id}/file`, headers: { 'x-token': admin } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/photo_voltaic/firmware/${id}/file`,
          headers: { 'x-device-sn': SN, 'x-device-key': 'nope' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/photo_voltaic/firmware/${id}/file` })).statusCode).toBe(401);
  });

  it('keeps release notes per firmware version as per-language JSON, refused when not', async () => {
    const tiny = Buffer.from('firmware-with-notes');
    const list = async () =>
      (
        await t.app.inject({ url: '/photo_voltaic/firmware?deviceType=collector', headers: { 'x-token': admin } })
      ).json().data.rows;
    // the demo's own collector versions
    const before = await list();
    const badJson = await upload(
      { version: 'V3.0.0', deviceType: 'collector', releaseNotes: '{"en": "Faster Wi-Fi",}' },
      { name: 'c.bin', bytes: tiny },
    );
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().msg).toBe('The update content is not in a valid JSON format');
    // English is required, and only the console's languages
    for (const notes of ['{"zh": "更快的 Wi-Fi"}', '{"en": "x", "fr": "y"}', '["en"]'])
      expect(
        (
          await upload(
            { version: 'V3.0.0', deviceType: 'collector', releaseNotes: notes },
            { name: 'c.bin', bytes: tiny },
          )
        ).statusCode,
      ).toBe(400);
    expect(await list()).toEqual(before); // nothing was kept
    const ok = await upload(
      {
        version: 'V3.0.0',
        deviceType: 'collector',
        releaseNotes: '{ "en": "Faster Wi-Fi reconnect", "zh": "Wi-Fi 重连更快" }',
      },
      { name: 'c.bin', bytes: tiny },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(JSON.parse(ok.json().data.releaseNotes)).toEqual({ en: 'Faster Wi-Fi reconnect', zh: 'Wi-Fi 重连更快' });
    const id = ok.json().data.id;
    expect((await list())[0].releaseNotes).toBe('{"en":"Faster Wi-Fi reconnect","zh":"Wi-Fi 重连更快"}');

    const put = (releaseNotes: string, token = admin, lang = 'en') =>
      t.app.inject({
        method: 'PUT',
        url: `/photo_voltaic/firmware/${id}/release-notes`,
        headers: { 'x-token': token, 'accept-language': lang },
        payload: { releaseNotes },
      });
    const zh = await put('not json', admin, 'zh');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe('版本说明：更新内容不是有效的JSON格式');
    expect((await list())[0].releaseNotes).toContain('Faster Wi-Fi reconnect'); // unchanged
    const edited = await put('{"en": "Faster reconnect; fixed clock drift", "ja": "再接続の高速化"}');
    expect(edited.json().msg).toBe('Update Successful');
    expect(JSON.parse((await list())[0].releaseNotes)).toEqual({
      en: 'Faster reconnect; fixed clock drift',
      ja: '再接続の高速化',
    });
    // the viewer reads the list but cannot write notes; an unknown version is 404; empty clears them
    const viewer = await login(t.app, 'viewer');
    expect((await list())[0].releaseNotes).not.toBeNull();
    expect((await put('{"en": "x"}', viewer)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/photo_voltaic/firmware/999999/release-notes',
          headers: { 'x-token': admin },
          payload: { releaseNotes: '{"en": "x"}' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await put('')).statusCode).toBe(200);
    expect((await list())[0].releaseNotes).toBeNull();
    await t.app.inject({ method: 'DELETE', url: `/photo_voltaic/firmware/${id}`, headers: { 'x-token': admin } });
  });
});

describe('OTA', () => {
  it('needs every field of §5, firmware of the device type and version, a target that is the device or its sub device, and device:ota', async () => {
    const fw = (
      await t.app.inject({ method: 'GET', url: '/photo_voltaic/firmware', headers: { 'x-token': admin } })
    ).json().data.rows[0];
    const body = {
      deviceType: 'inverter',
      order: '1',
      firmwareId: fw.id,
      version: 'V2.0.0',
      sn: SN,
      subSn: SN,
      oldSubSn: SN,
    };
    const push = (b: object) =>
      t.app.inject({ method: 'POST', url: '/photo_voltaic/ota', headers: { 'x-token': admin }, payload: b });
    // the demo's OTA history
    const commands = await t.app.db.selectFrom('commands').select('id').execute();
    const { subSn: _omit, ...noSub } = body;
    expect((await push(noSub)).statusCode).toBe(400);
    expect((await push({ ...body, version: 'V3.0.0' })).json().msg).toBe(
      'The firmware does not match this device type or version',
    );
    // the sub SN names what is upgraded: the device itself or one of its sub devices
    const stranger = await push({ ...body, subSn: 'NOT-A-SUB-1' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().msg).toBe(`Sub SN NOT-A-SUB-1 is neither ${SN} nor one of its sub devices`);
    // inverter firmware for a device that is not an inverter is refused
    const typeOf = async () =>
      (await t.app.db.selectFrom('devices').select('type').where('sn', '=', SN).executeTakeFirstOrThrow()).type;
    const was = await typeOf();
    await t.app.db.updateTable('devices').set({ type: 'meter' }).where('sn', '=', SN).execute();
    expect((await push(body)).json().msg).toBe('The firmware does not match this device type or version');
    await t.app.db.updateTable('devices').set({ type: was }).where('sn', '=', SN).execute();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/photo_voltaic/ota',
          headers: { 'x-token': await login(t.app, 'viewer') },
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    // nothing refused was stored as a command; the push itself, the device (or the collector of a sub
    // device) receiving it on its down topic and its progress: the ingest suite
    // (test/suites/ingest-suite.ts), embedded and on Mosquitto
    expect(await t.app.db.selectFrom('commands').select('id').execute()).toEqual(commands);
  });
});
