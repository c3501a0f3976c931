// The console's first-load JavaScript budgets (issue 22), checked in CI (.ci/run): the gzip size of
// every script a page loads until the network is idle, in Debian's Chromium, against the console
// built in WEB_DIST (apps/web/dist by default). Sizes are deterministic for a build, unlike timings.
// Run: npm run build && npm run budgets -w @pv/bench   (exits 1 when a page is over its limit)
// BUDGET_ROUTES=/dashboard,/devices/devices_detail checks only those pages; BENCH_VERBOSE=1 lists
// every page's largest files, not only those of a page over its limit.
//
// A page's limit is its budget, or, while the console is still over it, the ceiling recorded in
// budget-ceilings.json (its size when the check came in, plus 2 %): a page may shrink, never grow.
// Lower or remove a page's ceiling once it gets under; a page under budget has none.
import { flattenRoutes } from '@pv/contract';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, executablePath, firstLoad, startConsole } from './first-load.js';

const KB = 1024;
/** gzip KB of first-load JavaScript: the sign-in page, the dashboard with its charts, any other page. */
export const BUDGETS: Record<string, number> = { '/login': 250, '/dashboard': 450 };
export const DEFAULT_BUDGET = 500;
/** gzip KB a page over its budget may not pass meanwhile (see the top of this file) */
const CEILINGS = JSON.parse(readFileSync(new URL('./budget-ceilings.json', import.meta.url), 'utf8')) as Record<
  string,
  number
>;

const PUBLIC = ['/login', '/404', '/guide', '/policy', '/customer/cancel', '/introduction', '/product', '/helpDoc'];
// every page of the route table (menus without a page of their own are only groups)
const CONSOLE = flattenRoutes()
  .filter((r) => !r.children?.length && r.fullPath !== '/')
  .map((r) => r.fullPath);

// a page about one record opens with a demo record (plant 1, device 1: an inverter), as a user
// opens it; without one it measures only its "not found" state
const RECORD = '?id=1';
const RECORD_PAGES = new Set([
  '/power_station/power_station_detail',
  '/devices/devices_detail',
  '/devices/devices_data_overview',
]);

const { origin, token, stop } = await startConsole();
let over = 0;
let held = 0;
try {
  const browser = await chromium.launch({ executablePath, args: CHROME_ARGS });
  console.log(`first-load JavaScript (gzip) per page against its budget, Chromium ${browser.version()}`);
  const only = process.env.BUDGET_ROUTES?.split(',').filter(Boolean);
  for (const route of [...PUBLIC, ...CONSOLE].filter((r) => !only || only.includes(r))) {
    const path = RECORD_PAGES.has(route) ? `${route}${RECORD}` : route;
    const { files, gz } = await firstLoad(browser, origin, path, PUBLIC.includes(route) ? undefined : token);
    const budget = BUDGETS[route] ?? DEFAULT_BUDGET;
    const limit = Math.max(budget, CEILINGS[route] ?? 0);
    const ok = gz <= limit * KB;
    if (!ok) over++;
    else if (gz > budget * KB) held++;
    const state = !ok ? 'OVER' : gz > budget * KB ? 'held' : 'ok  ';
    console.log(
      `${state} ${path.padEnd(48)} ${String(files.length).padStart(3)} files ${(gz / KB).toFixed(1).padStart(7)} KB / ${budget} KB${limit > budget ? ` (ceiling ${limit} KB)` : ''}`,
    );
    if (!ok || process.env.BENCH_VERBOSE)
      for (const f of [...files]
        .sort((a, b) => b.gz - a.gz)
        .slice(0, Number(process.env.BENCH_VERBOSE) > 1 ? undefined : 12))
        console.log(`       ${(f.gz / KB).toFixed(1).padStart(7)} KB  ${f.url}`);
  }
  await browser.close();
} finally {
  await stop();
}
if (held) console.log(`${held} page(s) over their budget but within their recorded ceiling (budget-ceilings.json)`);
if (over) {
  console.error(`${over} page(s) over their first-load limit`);
  process.exit(1);
}
