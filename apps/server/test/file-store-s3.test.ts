import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, multipart, type TestApp } from './helper.js';
import { startTestS3, type TestS3 } from './s3-server.js';

/* Uploads kept in an S3-compatible store (S3_BUCKET …) instead of DATA_DIR/files: every upload of
   the help center, firmware and avatars goes to the bucket and comes back from it. The store is a
   real S3 server (s3rver) this file starts on a free port. */

let s3: TestS3;
let t: TestApp;
let admin: string;
let client: S3Client;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await buildTestApp({ ...s3.env, S3_PREFIX: 'site1/' });
  admin = await login(t.app, 'admin');
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  client?.destroy();
  await t?.close();
  await s3?.close();
});

// s3rver answers no bucket listing to the SDK's signed request: its own folder says what it keeps
const keys = async (prefix: string) => s3.objects(prefix);
const send = async (url: string, file: { name: string; bytes: Buffer }, fields: Record<string, string> = {}) => {
  const { payload, contentType } = await multipart(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url: `/photo_voltaic${url}`,
    headers: { 'x-token': admin, 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const get = (url: string) => t.app.inject({ url, headers: { 'x-token': admin } });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const png = (size: number) => {
  const head = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 3)]);
};

describe('uploads in an S3-compatible store', () => {
  it('keeps the demo documents, a product document, a problem picture, content media, firmware and an avatar in the bucket', async () => {
    // the demo's seeded documents and firmware went to the bucket too
    expect((await keys('site1/products/')).length).toBeGreaterThanOrEqual(2);
    const demoFirmware = await keys('site1/firmware/');
    expect(demoFirmware.length).toBeGreaterThan(0);

    const products = (await get('/photo_voltaic/products?pageNum=1&pageSize=1')).json().data.rows;
    const doc = await send(`/products/${products[0].id}/documents/certificates`, { name: 'cert.pdf', bytes: PDF });
    const picProblem = (
      await t.app.inject({
        method: 'POST',
        url: '/photo_voltaic/product-problems',
        headers: { 'x-token': admin },
        payload: { productId: products[0].id, title: 'Fan noise' },
      })
    ).json().data.id;
    const picture = await send(`/product-problems/${picProblem}/pictures`, { name: 'p.png', bytes: png(300_000) });
    const media = await send('/contents/media', { name: 'm.png', bytes: png(5_000) });
    const firmwareBytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 253));
    const fw = await send(
      '/firmware',
      { name: 'fw.bin', bytes: firmwareBytes },
      { version: 'V9.9.9', deviceType: 'inverter', description: 'S3' },
    );
    const avatar = await send('/profile/avatar', { name: 'me.png', bytes: png(4_000) });

    // each one is an object under its area, and nothing was written to DATA_DIR/files/<area>
    expect(await keys('site1/products/')).toContain(`site1/products/${createHash('sha256').update(PDF).digest('hex')}`);
    expect(await keys('site1/problems/')).toHaveLength(1);
    expect(await keys('site1/content/')).toEqual([`site1/content/${media.url.match(/([a-f0-9]{64})/)[1]}`]);
    expect(await keys('site1/firmware/')).toEqual([...demoFirmware, `site1/firmware/${fw.sha256}`].sort());
    expect(await keys('site1/avatars/')).toEqual([`site1/avatars/${avatar.avatar.split('/').pop()}`]);
    for (const area of ['products', 'problems', 'content', 'firmware', 'avatars'])
      expect(existsSync(join(t.config.dataDir, 'files', area)), area).toBe(false);
    // no upload is left waiting in the temporary folder
    expect(readdirSync(join(t.config.dataDir, 'files', 'tmp'))).toEqual([]);

    // and each comes back from the bucket, byte for byte, with its type
    const file = await get(doc.downloadUrl);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-length']).toBe(String(PDF.length));
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await get(picture.url)).rawPayload.equals(png(300_000))).toBe(true);
    const m = await t.app.inject({ url: media.url });
    expect(m.headers['content-type']).toBe('image/png');
    expect(m.rawPayload.equals(png(5_000))).toBe(true);
    const fwFile = await get(fw.downloadUrl);
    expect(fwFile.headers['x-checksum-sha256']).toBe(fw.sha256);
    expect(fwFile.rawPayload.equals(firmwareBytes)).toBe(true);
    expect((await get(avatar.avatar)).rawPayload.equals(png(4_000))).toBe(true);
    const stored = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `site1/firmware/${fw.sha256}` }));
    expect(Buffer.from(await stored.Body!.transformToByteArray()).equals(firmwareBytes)).toBe(true);

    // a refused file never reaches the bucket
    const before = await keys('site1/');
    const { payload, contentType } = await multipart({}, { name: 'big.png', bytes: png(2 * 1024 * 1024 + 1) });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/photo_voltaic/product-problems/${picProblem}/pictures`,
      headers: { 'x-token': admin, 'content-type': contentType },
      payload,
    });
    expect(refused.statusCode).toBe(413);
    expect(await keys('site1/')).toEqual(before);

    // deleting the last record of a file deletes its object; the download answers 404
    const objectsBefore = await keys('site1/firmware/');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/photo_voltaic/firmware/${fw.id}`, headers: { 'x-token': admin } }))
        .statusCode,
    ).toBe(200);
    expect(objectsBefore).toHaveLength(demoFirmware.length + 1);
    expect(await keys('site1/firmware/')).toEqual(demoFirmware);
    const certKeysBefore = (await keys('site1/products/')).length;
    await t.app.inject({
      method: 'DELETE',
      url: `/photo_voltaic/product-documents/${doc.id}`,
      headers: { 'x-token': admin },
    });
    expect((await keys('site1/products/')).length).toBe(certKeysBefore - 1);
    expect((await get(doc.downloadUrl)).statusCode).toBe(404);
  });

  it('stops the start with a line naming S3_BUCKET when the bucket cannot be reached', async () => {
    await expect(buildTestApp({ ...s3.env, S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(
      /S3_BUCKET no-such-bucket cannot be reached/,
    );
    await expect(buildTestApp({ ...s3.env, S3_SECRET_ACCESS_KEY: 'wrong' })).rejects.toThrow(/S3_BUCKET pv-files/);
  });
});
