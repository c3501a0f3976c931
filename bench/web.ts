// The console's load cost as a browser sees it: first-load JavaScript per route (the bytes of every
// script the page loads until the network is idle, gzip-compressed as a server would send them)
// and Lighthouse performance scores of the login page and the dashboard (desktop and mobile presets).
// Run: npm run build && npm run web -w @pv/bench   (prints figures; not a test)
// BENCH_DETAIL=1 adds, per Lighthouse run, what kept the main thread busy (long tasks, script
// evaluation per file, work per category); BENCH_LHR_DIR=dir keeps each run's JSON report there.
// BENCH_ROUTES=/dashboard and BENCH_PRESETS=mobile restrict the Lighthouse runs, BENCH_RUNS=n repeats them.
// Needs Debian's chromium (CHROMIUM_PATH to use another binary).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, executablePath, firstLoad, freePort, startConsole, withToken } from './first-load.js';

const ROUTES = ['/login', '/dashboard', '/power_station/power_station_list', '/devices/devices__manage', '/auth/user'];
const { origin, token, stop } = await startConsole();
const userDataDir = mkdtempSync(join(tmpdir(), 'pv-bench-chrome-'));

type Audits = Record<string, { details?: object }>;
const ms = (v: unknown) => `${Math.round(Number(v)).toString().padStart(5)} ms`;
const short = (url: unknown) => String(url).replace(origin, '');

/** What kept the main thread busy in one Lighthouse run (its times are the preset's: simulated on mobile). */
function printDetail(audits: Audits) {
  const items = (id: string) => {
    const details = audits[id]?.details;
    return details && 'items' in details && Array.isArray(details.items)
      ? (details.items as Record<string, unknown>[])
      : [];
  };
  for (const t of items('long-tasks').slice(0, 8))
    console.log(`    long task  at ${ms(t.startTime)}  ${ms(t.duration)}  ${short(t.url)}`);
  for (const b of items('bootup-time').slice(0, 6))
    console.log(
      `    script     ${ms(b.total)} total  ${ms(b.scripting)} eval  ${ms(b.scriptParseCompile)} parse  ${short(b.url)}`,
    );
  console.log(
    `    main thread  ${items('mainthread-work-breakdown')
      .slice(0, 6)
      .map((w) => `${String(w.groupLabel)} ${Math.round(Number(w.duration))} ms`)
      .join(' · ')}`,
  );
}

try {
  console.log(`PV Console web benchmark: Chromium ${executablePath}, Node ${process.version}`);

  // first-load JS: a fresh context per route (nothing cached), every script response counted
  const browser = await chromium.launch({ executablePath, args: CHROME_ARGS });
  console.log(
    '\nfirst-load JavaScript per route: gzip -6 of each script, its raw size, and the bytes the server actually sent',
  );
  for (const route of ROUTES) {
    const {
      files: sizes,
      raw,
      gz,
      sent,
    } = await firstLoad(browser, origin, route, route === '/login' ? undefined : token);
    // BENCH_VERBOSE=1 lists the files of each route, largest first
    if (process.env.BENCH_VERBOSE)
      for (const f of [...sizes].sort((a, b) => b.gz - a.gz))
        console.log(`    ${(f.gz / 1024).toFixed(1).padStart(7)} KB  ${f.url}`);
    console.log(
      `${route.padEnd(36)} ${String(sizes.length).padStart(3)} files   ${(gz / 1024).toFixed(1).padStart(7)} KB gzip   ${(raw / 1024).toFixed(1).padStart(8)} KB raw   ${(sent / 1024).toFixed(1).padStart(7)} KB sent (brotli)`,
    );
  }
  await browser.close();

  // Lighthouse drives the default context of a persistent browser, where the sign-in cookie is set
  const debugPort = await freePort();
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: [...CHROME_ARGS, `--remote-debugging-port=${debugPort}`],
  });
  await withToken(context, origin, token);
  console.log('\nLighthouse performance score (0-100)');
  const list = (name: string, all: string[]) => process.env[name]?.split(',').filter((x) => all.includes(x)) ?? all;
  const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 1);
  for (let run = 1; run <= runs; run++) {
    for (const route of list('BENCH_ROUTES', ['/login', '/dashboard'])) {
      for (const preset of list('BENCH_PRESETS', ['desktop', 'mobile']) as ('desktop' | 'mobile')[]) {
        const result = await lighthouse(
          `${origin}${route}`,
          {
            port: debugPort,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: true,
          },
          preset === 'desktop' ? desktopConfig : undefined,
        );
        const lhr = result?.lhr;
        const score = Math.round((lhr?.categories.performance?.score ?? 0) * 100);
        const metric = (id: string) => lhr?.audits[id]?.displayValue ?? '-';
        console.log(
          `${route.padEnd(12)} ${preset.padEnd(8)} score ${String(score).padStart(3)}   FCP ${metric('first-contentful-paint')}   LCP ${metric('largest-contentful-paint')}   TBT ${metric('total-blocking-time')}   CLS ${metric('cumulative-layout-shift')}`,
        );
        if (process.env.BENCH_LHR_DIR && result) {
          mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
          writeFileSync(
            join(process.env.BENCH_LHR_DIR, `${route.slice(1).replaceAll('/', '_')}-${preset}-${run}.json`),
            JSON.stringify(lhr),
          );
        }
        if (process.env.BENCH_DETAIL && lhr) printDetail(lhr.audits);
      }
    }
  }
  await context.close();
} finally {
  await stop();
  rmSync(userDataDir, { recursive: true, force: true });
}
