/**
 * The 200 answer of every API operation, as the server declares it (responses.json, written from the
 * server's route table by apps/server/test/contract-responses.test.ts), turned back into zod schemas.
 * For the console's component tests (their fetch stubs answer what the server would) and its
 * development build (the API client checks real answers); not for production code: the table is
 * large, and the console imports this module only behind `import.meta.env.DEV` or in tests.
 */
import { z } from 'zod';
import { API_BASE } from './constants.js';
import table from './responses.json' with { type: 'json' };

const templates = Object.keys(table as Record<string, unknown>).map((key) => {
  const [method, path] = key.split(' ') as [string, string];
  const params = (path.match(/\{/g) ?? []).length;
  const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);
  return { key, method, params, pattern };
});
// a path without parameters wins over a template (`/devices/export` is not `/devices/{id}`)
templates.sort((a, b) => a.params - b.params);
const schemas = new Map<string, z.ZodType>();

/** The operation (`GET /devices/{id}`) a request goes to, or undefined when the server has none. */
export function operationOf(method: string, url: string): string | undefined {
  let path = url.split('?')[0]!;
  if (path.startsWith(API_BASE)) path = path.slice(API_BASE.length) || '/';
  const m = method.toUpperCase();
  return templates.find((t) => t.method === m && t.pattern.test(path))?.key;
}

/**
 * The zod schema of the 200 answer (the whole `{ code, msg, data }` envelope) of `method url`
 * (`url` with or without /photo_voltaic and a query; a file or a stream: any answer), or undefined
 * when the server has no such operation.
 */
export function responseSchemaOf(method: string, url: string): z.ZodType | undefined {
  const key = operationOf(method, url);
  if (!key) return undefined;
  let schema = schemas.get(key);
  if (!schema) {
    schema = z.fromJSONSchema((table as Record<string, z.core.JSONSchema.JSONSchema>)[key]!);
    schemas.set(key, schema);
  }
  return schema;
}

/**
 * What is wrong with a 200 answer of `method url` by the contract: undefined when it fits, else
 * a line naming the operation and the fields that break it (no such operation is wrong too).
 */
export function answerProblem(method: string, url: string, body: unknown): string | undefined {
  const key = operationOf(method, url);
  if (!key) return `${method} ${url.split('?')[0]}: no such API operation`;
  const result = responseSchemaOf(method, url)!.safeParse(body);
  if (result.success) return undefined;
  const issues = result.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`)
    .join('; ');
  return `${key}: the answer breaks the contract: ${issues}`;
}
