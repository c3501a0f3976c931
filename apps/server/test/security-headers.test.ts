/**
 * Security headers on every answer, /health that says only up or down, and the Prometheus
 * figures on /metrics for this host only. HTTP against the real app.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/plugins/security.js';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** The directives of a Content-Security-Policy header by name. */
const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers', () => {
  it('every answer (API, unknown path) carries a CSP without inline or eval scripts, no framing, nosniff, same-origin referrer', async () => {
    for (const url of ['/photo_voltaic/health', '/photo_voltaic/users', '/photo_voltaic/nothing', '/plants']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['script-src'], url).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['default-src']).toEqual(["'self'"]);
      // antd's CSS-in-JS and React style attributes (docs/operations.md)
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      // plain http without a TLS proxy in front: no HSTS, no upgrade
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(csp['upgrade-insecure-requests']).toBeUndefined();
    }
  });

  it('inline scripts of the console index are allowed by their hash only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pv-csp-'));
    try {
      const code = 'window.__boot = 1;';
      writeFileSync(
        join(dir, 'index.html'),
        `<html><head><script type="module" src="/assets/a.js"></script><script>${code}</script></head></html>`,
      );
      expect(inlineScriptHashes(dir)).toEqual([`'sha256-${createHash('sha256').update(code).digest('base64')}'`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('HSTS only behind a TLS-ending proxy (TRUST_PROXY) and over https', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const https = await proxied.app.inject({
        method: 'GET',
        url: '/photo_voltaic/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.app.inject({ method: 'GET', url: '/photo_voltaic/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
      // metrics: a client behind the proxy is not this host, even though the proxy's socket is
      const remote = await proxied.app.inject({
        method: 'GET',
        url: '/photo_voltaic/metrics',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(remote.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});

describe('health and metrics', () => {
  it('/health says up and nothing else, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/photo_voltaic/health', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'up' });
    expect(res.body).not.toMatch(/refused|accepted|ingest/);
  });

  it('/metrics answers the Prometheus text to this host, 404 to anyone else', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/photo_voltaic/login',
      payload: { username: 'viewer', password: 'wrong-password' },
    });
    expect(failed.statusCode).toBe(401);
    await t.app.inject({ method: 'GET', url: '/photo_voltaic/health' });
    const res = await t.app.inject({ method: 'GET', url: '/photo_voltaic/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    for (const name of [
      'pv_ingest_accepted_total',
      'pv_ingest_rejected_total',
      'pv_ingest_queue_depth',
      'pv_ingest_batch_size_bucket',
      'pv_mqtt_logins_refused_total',
      'pv_process_resident_memory_bytes',
    ])
      expect(text, name).toMatch(new RegExp(`^${name}`, 'm'));
    expect(text).toMatch(/^pv_console_logins_refused_total\{reason="credentials"\} 1$/m);
    expect(text).toMatch(/^pv_http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} \d+$/m);

    const remote = await t.app.inject({ method: 'GET', url: '/photo_voltaic/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('pv_');
  });
});
