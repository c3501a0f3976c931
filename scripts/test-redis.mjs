#!/usr/bin/env node
// The event-bus suite against a real Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379).
// Fails — never skips — when Redis is not there.
import { spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';

const url = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const reachable = await new Promise((resolve) => {
  const s = createConnection(Number(url.port || 6379), url.hostname, () => {
    s.write('PING\r\n');
  });
  s.setTimeout(3000, () => {
    s.destroy();
    resolve(false);
  });
  s.on('data', (d) => {
    s.end();
    resolve(String(d).startsWith('+PONG') || String(d).startsWith('-NOAUTH'));
  });
  s.on('error', () => resolve(false));
});
if (!reachable) {
  console.error(`Redis is not reachable at ${url.host}: the event-bus suite cannot run`);
  process.exit(1);
}
const r = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'apps/server/vitest.redis.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_REDIS_URL: url.toString() },
  },
);
process.exit(r.status ?? 1);
