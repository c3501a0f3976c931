// What bench/web.ts and bench/budgets.ts share: the real server with demo data serving a built
// console, and the first-load JavaScript of a route as a browser sees it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '@pv/test-ports';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Request } from 'playwright-core';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const TOKEN_COOKIE = 'Admin-Token';

/**
 * Starts the server (demo data, a throw-away data folder) serving the console built in WEB_DIST
 * (apps/web/dist by default); answers its origin, an admin token and a stop function.
 */
export async function startConsole() {
  const webDist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    console.error(`The console is not built (${webDist}): run \`npm run build\` first.`);
    process.exit(1);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pv-bench-web-'));
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
    env: {
      ...process.env,
      WEB_DIST: webDist,
      PORT: String(port),
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // up to 3 minutes: with other work on the machine the first start (demo data, a build check)
    // has taken more than one
    for (let i = 0; ; i++) {
      if (i > 360) throw new Error('the server did not start');
      const up = await fetch(`${origin}/photo_voltaic/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const res = await fetch(`${origin}/photo_voltaic/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'demo123456' }),
    });
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    return { origin, token, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

export async function withToken(context: BrowserContext, origin: string, token: string) {
  await context.addCookies([{ name: TOKEN_COOKIE, value: token, url: origin }]);
}

export interface ScriptSize {
  url: string;
  raw: number;
  gz: number;
  sent: number;
}

/**
 * Every script a route loads until the network is idle, in a fresh context (nothing cached): its
 * raw size, its gzip -6 size (as a server would send it) and the bytes the server actually sent.
 */
export async function firstLoad(browser: Browser, origin: string, route: string, token?: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (token) await withToken(context, origin, token);
  const page = await context.newPage();
  const scripts: Promise<ScriptSize>[] = [];
  let last = Date.now();
  // requests still waiting for their answer, but the live event stream (it never ends)
  const pending = new Set<Request>();
  const settled = (req: Request) => {
    pending.delete(req);
    last = Date.now();
  };
  page.on('request', (req) => {
    last = Date.now();
    if (req.resourceType() !== 'eventsource') pending.add(req);
  });
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  page.on('response', (res) => {
    last = Date.now();
    if (res.request().resourceType() !== 'script') return;
    const url = res.url().replace(origin, '');
    const sent = res
      .request()
      .sizes()
      .then(
        (z) => z.responseBodySize,
        () => 0,
      );
    scripts.push(
      Promise.all([res.body(), sent]).then(
        ([b, n]) => ({ url, raw: b.length, gz: gzipSync(b).length, sent: n }),
        () => ({ url, raw: 0, gz: 0, sent: 0 }),
      ),
    );
  });
  await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
  // a page's own chunk can follow its data (a guard, an API answer): loaded means nothing in flight,
  // quiet for 1.5 s, and the page's main thread idle once that is so. On a busy machine an API answer
  // can take longer than 1.5 s, and so can parsing and rendering what came before the next request.
  for (;;) {
    while (pending.size > 0 || Date.now() - last < 1500) await page.waitForTimeout(250);
    const before = last;
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 10_000 })));
    if (last === before && pending.size === 0) break;
  }
  const files = await Promise.all(scripts);
  await context.close();
  const sum = (k: 'raw' | 'gz' | 'sent') => files.reduce((s, x) => s + x[k], 0);
  return { files, raw: sum('raw'), gz: sum('gz'), sent: sum('sent') };
}
