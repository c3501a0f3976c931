// API throughput of the real server (SQLite, demo data): sign-in, currentInfo and a paged list.
// Run: npm run api -w @pv/bench   (prints req/s and latency percentiles; not a test)
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_SECONDS ?? 10);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'pv-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  env: { ...process.env, PORT: String(port), MQTT_PORT: String(await freePort()), DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}/photo_voltaic`;
try {
  for (let i = 0; ; i++) {
    if (i > 120) throw new Error('the server did not start');
    const ok = await fetch(`${base}/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const login = await fetch(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'demo123456' }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  const cases: { title: string; path: string; method?: 'GET' | 'POST'; body?: string; connections: number }[] = [
    { title: 'GET /sysOrgUser/currentInfo', path: '/sysOrgUser/currentInfo', connections: 20 },
    { title: 'GET /users?pageSize=20', path: '/users?pageNum=1&pageSize=20', connections: 20 },
    { title: 'GET /health', path: '/health', connections: 20 },
  ];
  console.log(`PV Console API benchmark: SQLite, ${duration}s per case, Node ${process.version}`);
  for (const c of cases) {
    const r = await autocannon({ url: `${base}${c.path}`, method: c.method ?? 'GET', body: c.body, connections: c.connections, duration, headers: { 'x-token': token, 'content-type': 'application/json' } });
    const non2xx = r.non2xx;
    console.log(`${c.title.padEnd(32)} ${Math.round(r.requests.average).toString().padStart(7)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   errors ${r.errors + non2xx}`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
