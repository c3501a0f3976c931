import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { translate } from '@pv/contract';
import type { FastifyInstance } from 'fastify';
import { redactUrl } from '../lib/redact.js';
import { isApiUrl, sendEnvelope } from './errors.js';

/**
 * The built console from `webDist` (when there is one) and the answer for unknown paths: an API
 * path gets a 404 envelope, any other GET the console's shell (its router takes over).
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // the build writes .br and .gz beside each asset; a client that accepts them gets them
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    // a known API path asked with a method it does not have: 405 and the methods it has
    const allowed = isApiUrl(req.url) ? app.methodsOf(req.url) : [];
    if (allowed.length) {
      return sendEnvelope(
        reply.header('allow', allowed.join(', ')),
        405,
        translate(req.lang ?? 'en', 'error.methodNotAllowed', {
          method: req.method,
          url: redactUrl(req.url.split('?')[0]!),
        }),
      );
    }
    if (isApiUrl(req.url) || !hasWeb || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return sendEnvelope(
        reply,
        404,
        translate(req.lang ?? 'en', 'error.routeNotFound', {
          method: req.method,
          url: redactUrl(req.url.split('?')[0]!),
        }),
      );
    }
    // the console's own routes (client-side routing): answer the app shell
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
