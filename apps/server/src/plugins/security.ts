import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The sha256 sources of the inline scripts of the built console's index.html (its zod setting;
 * Vite's own scripts have `src`), read at start: they run by their hash without
 * `'unsafe-inline'`, a script injected by anyone else does not.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const file = join(webDist, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (!m[1]!.trim()) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  }
  return hashes;
}

/**
 * Security headers on every answer (console and API), by helmet:
 * - Content-Security-Policy: everything from this origin only; scripts never inline nor eval
 *   (only the hashes of the index's own inline scripts); styles 'self' plus 'unsafe-inline',
 *   because antd writes its CSS-in-JS into <style> elements at run time and React writes
 *   `style` attributes, which no nonce can cover (docs/operations.md); images also data: and
 *   blob: (avatars being chosen, chart downloads); frame-ancestors 'none' (no site may frame
 *   the console: clickjacking), no plugins, forms and <base> to this origin only.
 * - X-Frame-Options DENY (older browsers), X-Content-Type-Options nosniff,
 *   Referrer-Policy same-origin, Cross-Origin-Opener-Policy same-origin.
 * - Strict-Transport-Security only when TRUST_PROXY says a proxy ends TLS in front and the
 *   request came over https: a plain-http install must not be told to refuse http.
 */
/**
 * The headers helmet sets with these options, as one object: its middleware run once against a
 * response that only records them (helmet also removes X-Powered-By, which Fastify never sends).
 */
export function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => void (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance, webDist: string) {
  const behindTls = app.config.trustProxy;
  // helmet decides the headers; they depend on no request (no nonce), so it runs once here and
  // every answer gets its result. Running its middleware per request cost about 40 µs of an
  // uncached plant-list request (12 sub-middlewares each calling setHeader), building it per
  // request (@fastify/helmet) more again.
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(webDist)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(behindTls && { upgradeInsecureRequests: [] }),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // set below, per request
    strictTransportSecurity: false,
    // the console loads nothing cross-origin; COEP would only break a brand's logo from a CDN
    crossOriginEmbedderPolicy: false,
  });
  // on the raw response, so that answers written past Fastify (the event stream) carry them too
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });
  if (behindTls)
    app.addHook('onSend', async (req, reply) => {
      if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
}
