// The console's load cost as a browser sees it: first-load JavaScript per route (the bytes of every
// script the page loads until the network is idle, gzip-compressed as a server would send them)
// and Lighthouse performance and accessibility scores of the login page and the dashboard (desktop
// and mobile presets), each run three times and summed up by its median.
// Run: npm run build && npm run web -w @pv/bench   (prints figures; not a test)
// BENCH_DETAIL=1 adds, per Lighthouse run, what kept the main thread busy (long tasks, script
// evaluation per file, work per category); BENCH_LHR_DIR=dir keeps each run's JSON report there.
// BENCH_ROUTES=/dashboard and BENCH_PRESETS=mobile restrict the Lighthouse runs, BENCH_RUNS=n sets how
// many runs (3 by default) the median is taken over.
// Needs Debian's chromium (CHROMIUM_PATH to use another binary).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { freePort } from '@pv/test-ports';
import { CHROME_ARGS, executablePath, firstLoad, startConsole, withToken } from './first-load.js';

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
  console.log('\nLighthouse performance and accessibility scores (0-100), median of the runs at the end');
  const list = (name: string, all: string[]) => process.env[name]?.split(',').filter((x) => all.includes(x)) ?? all;
  const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
  // per route and preset: each run's scores and metrics (ms), for the median
  const results = new Map<
    string,
    { perf: number; a11y: number; fcp: number; lcp: number; tbt: number; cls: number }[]
  >();
  for (let run = 1; run <= runs; run++) {
    for (const route of list('BENCH_ROUTES', ['/login', '/dashboard'])) {
      for (const preset of list('BENCH_PRESETS', ['desktop', 'mobile']) as ('desktop' | 'mobile')[]) {
        const result = await lighthouse(
          `${origin}${route}`,
          {
            port: debugPort,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true,
          },
          preset === 'desktop' ? desktopConfig : undefined,
        );
        const lhr = result?.lhr;
        const score = Math.round((lhr?.categories.performance?.score ?? 0) * 100);
        const a11y = Math.round((lhr?.categories.accessibility?.score ?? 0) * 100);
        const metric = (id: string) => lhr?.audits[id]?.displayValue ?? '-';
        const value = (id: string) => Number(lhr?.audits[id]?.numericValue ?? NaN);
        console.log(
          `${route.padEnd(12)} ${preset.padEnd(8)} run ${run}  performance ${String(score).padStart(3)}  accessibility ${String(a11y).padStart(3)}   FCP ${metric('first-contentful-paint')}   LCP ${metric('largest-contentful-paint')}   TBT ${metric('total-blocking-time')}   CLS ${metric('cumulative-layout-shift')}`,
        );
        // what keeps the accessibility score down: each failing audit, with the elements it names
        if (lhr && a11y < 100)
          for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (!ref.weight || audit?.score === null || (audit?.score ?? 1) >= 1) continue;
            const details = audit?.details as { items?: { node?: { snippet?: string } }[] } | undefined;
            const nodes = (details?.items ?? []).map((i) => i.node?.snippet).filter(Boolean);
            console.log(`    a11y: ${ref.id} (weight ${ref.weight}) ${nodes.slice(0, 3).join(' ')}`);
          }
        const key = `${route} ${preset}`;
        results.set(key, [
          ...(results.get(key) ?? []),
          {
            perf: score,
            a11y,
            fcp: value('first-contentful-paint'),
            lcp: value('largest-contentful-paint'),
            tbt: value('total-blocking-time'),
            cls: value('cumulative-layout-shift'),
          },
        ]);
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
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  console.log(
    `\nmedian of ${runs} run(s), load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const [key, rs] of results) {
    const m = (k: keyof (typeof rs)[number]) => median(rs.map((r) => r[k]));
    console.log(
      `${key.padEnd(21)} performance ${String(m('perf')).padStart(3)}  accessibility ${String(m('a11y')).padStart(3)}   FCP ${(m('fcp') / 1000).toFixed(2)} s   LCP ${(m('lcp') / 1000).toFixed(2)} s   TBT ${Math.round(m('tbt'))} ms   CLS ${m('cls').toFixed(3)}`,
    );
  }
  await context.close();
} finally {
  await stop();
  rmSync(userDataDir, { recursive: true, force: true });
}
