import { API_BASE } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
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
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route (method × path) with its declared access, in registration order. */
    apiRoutes: RouteEntry[];
    /** The methods some API route answers on this concrete path (empty: no route has the path). */
    methodsOf(url: string): string[];
  }
}

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
      });
    }
  });
}
