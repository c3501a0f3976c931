/**
 * The answers of every API operation, as JSON Schema, in packages/contract/src/responses.json
 * (issue 23): derived from the server's own route table (each route's 200 zod schema, built from the
 * contract's schemas), never listed by hand. The console's component tests check their fetch stubs
 * against it, and the console checks the server's answers against it in development
 * (packages/contract/src/responses.ts). A route added or an answer changed fails this test until
 * the file is written again: `npx vitest run test/contract-responses.test.ts -u`.
 */
import { API_BASE } from '@pv/contract';
import { responseSchemaOf } from '@pv/contract/responses';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, login, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/**
 * `METHOD /path` (without the API prefix) → the JSON Schema of its 200 answer (the whole envelope;
 * a file or a stream: any).
 */
function table() {
  const out: Record<string, unknown> = {};
  const routes = t.app.apiRoutes
    .filter((r) => r.method !== 'HEAD')
    .map((r) => ({ key: `${r.method} ${r.path.slice(API_BASE.length) || '/'}`, response: r.response }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { key, response } of routes)
    out[key] = z.toJSONSchema(response, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });
  return out;
}

describe('contract answers (packages/contract/src/responses.json)', () => {
  it('holds the 200 answer of every operation, as the server declares it', async () => {
    const current = table();
    expect(Object.keys(current).length).toBeGreaterThan(100);
    const file = '../../../packages/contract/src/responses.json';
    // as Prettier writes it (npm run format:check)
    const options = await prettier.resolveConfig(fileURLToPath(new URL(file, import.meta.url)));
    const text = await prettier.format(JSON.stringify(current), { ...options, parser: 'json' });
    await expect(text).toMatchFileSnapshot(file);
  });

  it("the server's real answers pass the checks the console applies to them", async () => {
    const token = await login(t.app, 'admin');
    const checked: string[] = [];
    for (const url of [
      '/users?pageNum=1&pageSize=5',
      '/plants?pageNum=1&pageSize=5',
      '/sysOrgUser/currentInfo',
      '/dashboard',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `${API_BASE}${url}`, headers: { 'x-token': token } });
      expect(res.statusCode).toBe(200);
      const schema = responseSchemaOf('GET', `${API_BASE}${url}`);
      expect(schema, url).toBeDefined();
      const result = schema!.safeParse(res.json());
      expect(result.success, `${url}: ${result.error?.message}`).toBe(true);
      checked.push(url);
    }
    // and one that breaks it is caught: a user row without roleIds
    const users = (
      await t.app.inject({ method: 'GET', url: `${API_BASE}/users?pageSize=1`, headers: { 'x-token': token } })
    ).json();
    delete users.data.rows[0].roleIds;
    expect(responseSchemaOf('GET', `${API_BASE}/users`)!.safeParse(users).success).toBe(false);
    expect(checked).toHaveLength(4);
  });
});
