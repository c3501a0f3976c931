import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

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
export async function registerSecurityHeaders(app: FastifyInstance, webDist: string) {
  const behindTls = app.config.trustProxy;
  // helmet's middleware is built once: @fastify/helmet builds it again on every request (its
  // directives parsed each time), about 4 % of an uncached plant-list request's CPU
  const setHeaders = helmet({
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
  app.addHook('onRequest', (req, reply, done) =>
    setHeaders(req.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  if (behindTls)
    app.addHook('onSend', async (req, reply) => {
      if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
}
