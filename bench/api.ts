// API throughput of the real server (SQLite, demo data): sign-in, currentInfo and a paged list;
// then the plant list (20 rows: unsorted, sorted by today's production, a deep sorted page, the
// agent's fifth of the fleet sorted, sorted by today's revenue) and a 30-day plant chart over 10,000 plants and 100,000 devices
// (issue 4 and 17 goals: list, sorted or not, >= 3,000 req/s with p99 <= 50 ms, chart median <= 10 ms,
// 100 connections).
// Run: npm run api -w @pv/bench   (prints req/s and latency percentiles; not a test)
// BENCH_ONLY=plants runs only the plant cases; BENCH_PLANTS / BENCH_DEVICES change the fleet size;
// CACHE_SECONDS=0 turns off the server's kept sessions and answers (every request reads the database);
// BENCH_NODE_ARGS adds Node options to the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"), and
// BENCH_SERVER_STDOUT=1 shows the server's standard output (e.g. with "--trace-gc").
// Each case also prints the longest the server's event loop was held during it ("loop max", from
// its /metrics): a p99 far above the median with a long hold is a stall, not a slow request.
import autocannon from 'autocannon';
import { seedPlantFleet } from './plants-seed.js';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '@pv/test-ports';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

async function startServer(dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [
      // as `npm start` runs it (docs/performance.md, "Young generation")
      '--max-semi-space-size=64',
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      join(root, 'apps/server/src/main.ts'),
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        MQTT_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DEMO: 'true',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}/photo_voltaic`;
  // a server that exits while starting (its stderr says why) ends the bench at once
  let exited: number | null = null;
  server.once('exit', (code) => (exited = code ?? 1));
  for (let i = 0; ; i++) {
    if (exited !== null) throw new Error(`the server exited (${exited}) while starting`);
    if (i > 600) throw new Error('the server did not start');
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const signIn = async (username: string) => {
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'demo123456' }),
    });
    return ((await login.json()) as { data: { token: string } }).data.token;
  };
  const token = await signIn('admin');
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
  return { base, token, signIn, stop, pid: server.pid! };
}

/** CPU time (user + system, ms) the server process has used so far: the cost per request holds on a busy machine, where req/s does not. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/**
 * Waits until the periodic jobs have had their first runs (the dashboard's every 15 s backfills
 * its history, the revenue job's every 30 s: a few seconds of CPU that would land in the first
 * cases' figures) and the server is quiet (under 10 % of a core over a second, three seconds
 * running), at most `maxSeconds`. Answers the seconds waited.
 */
async function settle(pid: number, minSeconds = 35, maxSeconds = 120): Promise<number> {
  const t0 = Date.now();
  let quiet = 0;
  while ((quiet < 3 || Date.now() - t0 < minSeconds * 1000) && Date.now() - t0 < maxSeconds * 1000) {
    const c0 = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 1000));
    quiet = cpuMs(pid) - c0 < 100 ? quiet + 1 : 0;
  }
  return Math.round((Date.now() - t0) / 1000);
}

/** The longest event-loop delay the server recorded since the last read of its /metrics (which clears it), in ms. */
async function loopMaxMs(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const m = /^pv_nodejs_eventloop_lag_max_seconds\s+([\d.e+-]+)/m.exec(text);
  return m ? Math.round(Number(m[1]) * 1000) : NaN;
}

interface Case {
  title: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  connections: number;
  /** the session's token (the administrator's by default) */
  token?: string;
}

async function run(srv: { base: string; token: string; pid: number }, cases: Case[]) {
  const { base, token } = srv;
  for (const c of cases) {
    // a short unreported run first: start-up work (the first stats and dashboard refreshes) and JIT warm-up are not the figure
    await autocannon({
      url: `${base}${c.path}`,
      connections: c.connections,
      duration: warmup,
      headers: { 'x-token': c.token ?? token },
    });
    await loopMaxMs(base); // reads and clears the server's event-loop delay histogram
    const cpu0 = cpuMs(srv.pid);
    const r = await autocannon({
      url: `${base}${c.path}`,
      method: c.method ?? 'GET',
      body: c.body,
      connections: c.connections,
      duration,
      headers: { 'x-token': c.token ?? token, 'content-type': 'application/json' },
    });
    const non2xx = r.non2xx;
    const perReq = ((cpuMs(srv.pid) - cpu0) * 1000) / Math.max(1, r.requests.total);
    const held = await loopMaxMs(base);
    console.log(
      `${c.title.padEnd(44)} ${Math.round(r.requests.average).toString().padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   errors ${r.errors + non2xx}   server CPU ${Math.round(perReq)} µs/req   loop max ${held} ms`,
    );
  }
}

const only = process.env.BENCH_ONLY;
console.log(`PV Console API benchmark: SQLite, ${duration}s per case, Node ${process.version}`);

if (!only || only === 'core') {
  const dataDir = mkdtempSync(join(tmpdir(), 'pv-bench-'));
  const srv = await startServer(dataDir, {});
  try {
    await run(srv, [
      { title: 'GET /sysOrgUser/currentInfo', path: '/sysOrgUser/currentInfo', connections: 20 },
      { title: 'GET /users?pageSize=20', path: '/users?pageNum=1&pageSize=20', connections: 20 },
      { title: 'GET /health', path: '/health', connections: 20 },
    ]);
  } finally {
    await srv.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!only || only === 'plants') {
  const plants = Number(process.env.BENCH_PLANTS ?? 10_000);
  const devices = Number(process.env.BENCH_DEVICES ?? 100_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'pv-bench-plants-'));
  const env = { SIMULATOR: 'false', SIMULATOR_PLANTS: '0' };
  try {
    // first start migrates and seeds the accounts; the fleet goes straight into the SQLite file
    await (await startServer(dataDir, env)).stop();
    const seeded = seedPlantFleet(join(dataDir, 'pv.sqlite'), { plants, devices, days: 30 });
    console.log(
      `seeded ${plants} plants, ${devices} devices, ${seeded.dailyRows} device_daily rows in ${seeded.ms} ms`,
    );
    const t0 = Date.now();
    const srv = await startServer(dataDir, env);
    console.log(`server up (first plant_stats refresh included) in ${Date.now() - t0} ms`);
    console.log(`server quiet (its start-up sums done) after another ${await settle(srv.pid)} s`);
    try {
      const mid = Math.ceil(plants / 2);
      const agent = await srv.signIn('agent');
      const sorted = 'pageSize=20&sortField=energyToday&sortOrder=descend';
      await run(srv, [
        { title: 'GET /plants?pageSize=20', path: '/plants?pageNum=1&pageSize=20', connections: 100 },
        { title: 'GET /plants?pageSize=20&sort=energyToday', path: `/plants?pageNum=3&${sorted}`, connections: 100 },
        {
          title: '  the same, page 250',
          path: `/plants?pageNum=${Math.max(1, Math.floor(plants / 40))}&${sorted}`,
          connections: 100,
        },
        { title: '  the same, as the agent', path: `/plants?pageNum=3&${sorted}`, connections: 100, token: agent },
        // the bench fleet has no tariffs: this reads the same index as with them (currency, amount,
        // plant), every plant in the no-revenue group; bench/revenue.ts sorts 10,000 priced plants
        {
          title: "  by today's revenue (issue 20)",
          path: '/plants?pageNum=3&pageSize=20&sortField=revenueToday&sortOrder=descend',
          connections: 100,
        },
        { title: 'GET /plants/:id/chart?range=30', path: `/plants/${mid}/chart?range=30`, connections: 100 },
      ]);
    } finally {
      await srv.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
