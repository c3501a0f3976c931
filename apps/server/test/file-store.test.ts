import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileStoreFor, localFileStore } from '../src/lib/file-store.js';

/* The default file store: DATA_DIR/files/<area>/<key>, keys the server made, never a path. */

const dir = mkdtempSync(join(tmpdir(), 'pv-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = async (s: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('local file store', () => {
  it('moves a received file into its area, reads it back, removes it', async () => {
    const store = fileStoreFor(dir); // no S3 settings: the local store under DATA_DIR/files
    expect(store.kind).toBe('local');
    const tmp = join(store.tmpDir('products'), 'upload-1');
    mkdirSync(store.tmpDir('products'), { recursive: true });
    writeFileSync(tmp, 'pdf bytes');
    await store.putFile('products', 'a'.repeat(64), tmp, 'application/pdf');
    expect(readdirSync(join(dir, 'files', 'products'))).toEqual(['a'.repeat(64)]);
    expect(await store.size('products', 'a'.repeat(64))).toBe(9);
    const opened = await store.open('products', 'a'.repeat(64));
    expect((await read(opened!.stream)).toString()).toBe('pdf bytes');
    await store.remove('products', 'a'.repeat(64));
    expect(await store.open('products', 'a'.repeat(64))).toBeUndefined();
    expect(await store.size('products', 'a'.repeat(64))).toBeUndefined();
    await store.remove('products', 'a'.repeat(64)); // removing what is gone is no error
  });

  it('refuses a key that is a path, so nothing outside its area is read, written or removed', async () => {
    const store = localFileStore(join(dir, 'files'));
    writeFileSync(join(dir, 'secret'), 'keep');
    for (const key of ['../secret', '../../etc/passwd', '.hidden', 'a/b', ''])
      await expect(store.open('avatars', key), key).rejects.toThrow(/bad file key/);
    await expect(store.remove('avatars', '../../secret')).rejects.toThrow(/bad file key/);
    await expect(store.putBuffer('avatars', '../x', Buffer.from('x'), 'image/png')).rejects.toThrow(/bad file key/);
    expect(readdirSync(dir)).toContain('secret');
  });
});
