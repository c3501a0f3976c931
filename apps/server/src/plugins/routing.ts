import { API_BASE } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Access } from '../lib/types.js';

/** Path parameters that are record ids: only digits match them (`/devices/export` is not device "export"). */
const NUMERIC_PARAMS = new Set(['id', 'grantId']);

/** One API route as the server registered it: what the route × role matrix and the fuzzer walk. */
export interface RouteEntry {
  method: string;
  /** As registered, e.g. /photo_voltaic/devices/:id(^\d+$) */
  url: string;
  /** OpenAPI form, e.g. /photo_voltaic/devices/{id} */
  path: string;
  access: Access | undefined;
  pattern: RegExp;
  /** The zod schema of its 200 answer (a file or a stream: z.unknown) */
  response: z.ZodType;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route (method × path) with its declared access, in registration order. */
    apiRoutes: RouteEntry[];
    /** The methods some API route answers on this concrete path (empty: no route has the path). */
    methodsOf(url: string): string[];
  }
}

/** A refusal: the envelope with `data` null (plugins/errors.ts). */
export const refusal = z.object({ code: z.number().int(), msg: z.string(), data: z.null() });

/**
 * The refusals an operation may answer: 400 input, 401 no or an expired session, 403 a missing
 * permission or a refused action, 404 no such record in the caller's scope, 414 a path parameter
 * too long, 429 throttled; writes also 409 a clash, 413 too large, 415 a body of the wrong type.
 */
function refusalsOf(method: string | string[]) {
  const statuses = [400, 401, 403, 404, 414, 429];
  if ([method].flat().some((m) => m !== 'GET' && m !== 'HEAD')) statuses.push(409, 413, 415);
  return Object.fromEntries(statuses.map((s) => [s, refusal]));
}

/** The 200 of an operation that answers a file or a stream: the document does not describe its body. */
export const fileAnswer = z.unknown().describe('A file or a stream');

const openApiPath = (url: string) => url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');
const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .split('/')
      .map((seg) => {
        const m = /^:(\w+)(?:\((.*)\))?$/.exec(seg);
        if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        return m[2] ? `(?:${m[2].replace(/^\^/, '').replace(/\$$/, '')})` : '[^/]+';
      })
      .join('/')}$`,
  );

/**
 * The route table: record-id parameters match digits only, so a path that is not a record
 * (DELETE /devices/export) is no route at all; and the table of every API route, which answers
 * 405 for a known path asked with another method (plugins/web.ts) and drives the route × role
 * matrix and the fuzzer. Registered before any route.
 */
export function registerRouting(app: FastifyInstance) {
  const routes: RouteEntry[] = [];
  app.decorate('apiRoutes', routes);
  app.decorate('methodsOf', (url: string) => {
    const path = url.split('?')[0]!;
    return [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_BASE) || route.url.startsWith(`${API_BASE}/docs`)) return;
    // every operation documents the refusals it can answer, in the envelope (the OpenAPI document
    // and the fuzzer read them); a route's own entry for a status wins
    const schema = (route.schema ??= {}) as { response?: Record<string, unknown>; hide?: boolean };
    schema.response = { ...refusalsOf(route.method), ...schema.response };
    // a file, a stream or a spreadsheet: a 200 whose body the document does not describe
    schema.response[200] ??= fileAnswer;
    const url = route.url.replace(/:(\w+)(?=\/|$)/g, (m, name: string) =>
      NUMERIC_PARAMS.has(name) ? `:${name}(^\\d+$)` : m,
    );
    route.url = url;
    route.path = url;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url,
        path: openApiPath(url),
        access: route.config?.access,
        pattern: patternOf(url),
        response: schema.response[200] as z.ZodType,
      });
    }
  });
}
