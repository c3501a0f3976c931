#!/usr/bin/env node
// Runs the server's API suite against PostgreSQL. Fails (never skips) when PostgreSQL is not there.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: url });
try {
  await client.connect();
  await client.query('select 1');
} catch (err) {
  console.error(`PostgreSQL is not reachable at ${url.replace(/:[^:@/]*@/, ':***@')}: ${err.message}`);
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}
const extra = process.argv.slice(2);
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...extra], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(r.status ?? 1);
