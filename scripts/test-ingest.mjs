#!/usr/bin/env node
// The ingest suite against a real Mosquitto and PostgreSQL. Starts its own Mosquitto on a free port
// with `max_queued_messages 0` (Mosquitto's default queue limit silently drops messages for a slow
// subscriber) and persistence. Fails — never skips — when mosquitto or PostgreSQL is missing.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const which = spawnSync('sh', ['-c', 'command -v mosquitto || ls /usr/sbin/mosquitto'], { encoding: 'utf8' });
const mosquittoBin = which.stdout.trim().split('\n')[0];
if (which.status !== 0 || !mosquittoBin) {
  console.error('mosquitto is not installed (apt-get install mosquitto): the ingest suite cannot run');
  process.exit(1);
}
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
try {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.end();
} catch (err) {
  console.error(`PostgreSQL is not reachable at ${pgUrl.replace(/:[^:@/]*@/, ':***@')}: ${err.message}`);
  process.exit(1);
}

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dir = mkdtempSync(join(tmpdir(), 'pv-mosquitto-'));
// mosquitto started as root runs as the mosquitto user: it must be able to write its persistence file
chmodSync(dir, 0o777);
const conf = join(dir, 'mosquitto.conf');
writeFileSync(
  conf,
  [
    `listener ${port} 127.0.0.1`,
    'allow_anonymous true',
    'max_queued_messages 0',
    'max_inflight_messages 0',
    'persistence true',
    `persistence_location ${dir}/`,
    'autosave_on_changes true',
    'autosave_interval 1',
    'log_type error',
    'log_type warning',
    '',
  ].join('\n'),
);
const broker = spawn(mosquittoBin, ['-c', conf], { stdio: ['ignore', 'inherit', 'inherit'] });
const ready = async () => {
  for (let i = 0; i < 50; i++) {
    const ok = await new Promise((resolve) => {
      const s = createConnection(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};
if (!(await ready())) {
  console.error(`mosquitto did not start on port ${port}`);
  broker.kill();
  process.exit(1);
}
console.log(
  `Mosquitto on 127.0.0.1:${port} (max_queued_messages 0), PostgreSQL ${pgUrl.replace(/:[^:@/]*@/, ':***@')}`,
);
const r = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'apps/server/vitest.ingest.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      INGEST_MQTT_URL: `mqtt://127.0.0.1:${port}`,
      INGEST_MOSQUITTO_BIN: mosquittoBin,
      TEST_DATABASE_URL: pgUrl,
    },
  },
);
broker.kill();
await new Promise((resolve) => broker.once('exit', resolve));
rmSync(dir, { recursive: true, force: true });
process.exit(r.status ?? 1);
