import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Insertable } from 'kysely';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { hashDeviceKey } from '../src/ingest/index.js';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Every log line the app wrote. */
  logs: string[];
  /** Closes the app and builds it again on the same database and data directory (a restart). */
  reopen(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A throw-away database in `dir`: a SQLite file, or — when TEST_DATABASE_URL is set (CI,
 * `npm run test:pg`, `npm run test:ingest`) — a PostgreSQL database created for it; `drop` removes it.
 */
export async function createTestDatabase(dir: string): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return { databaseUrl: `sqlite:${join(dir, 'pv.sqlite')}`, drop: async () => {} };
  const name = `pv_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    // the app's pool may still be closing its connections: give them a moment before forcing
    for (let i = 0; i < 50; i++) {
      const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  return { databaseUrl: url.toString(), drop };
}

/**
 * The real app on a throw-away database (createTestDatabase; demo history off unless DEMO_HISTORY
 * says so): a temporary SQLite file, or a PostgreSQL database created for this test file and dropped after.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'logStream'> = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'pv-test-'));
  const { databaseUrl, drop: dropDb } = await createTestDatabase(dir);
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    DEMO: 'true',
    LOG_LEVEL: 'info',
    PORT: '0',
    MQTT_PORT: '0',
    SIMULATOR_PLANTS: '6',
    DEMO_HISTORY: 'false',
    ...env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(chunk.toString());
      cb();
    },
  });
  const app = await buildApp({ ...config, webDist: join(dir, 'no-web') }, { ...options, logStream });
  const test: TestApp = {
    app,
    config,
    logs,
    async reopen() {
      await test.app.close();
      test.app = await buildApp({ ...config, webDist: join(dir, 'no-web') }, { ...options, logStream });
    },
    async close() {
      await test.app.close();
      await dropDb();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return test;
}

export const DEMO = 'demo123456';

/** A real multipart body, as a browser's FormData would send it, and its content type. */
export async function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
): Promise<{ payload: Buffer; contentType: string }> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('file', new Blob([file.bytes]), file.name);
  const req = new Request('http://local/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

/** Signs in through the API and answers the token. */
export async function login(app: FastifyInstance, username: string, password = DEMO): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/photo_voltaic/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

/** A devices row for direct inserts: `sn` and `org_id` given, the rest as a newly registered device (name = SN, inverter, inactive, no plant, no key). */
export const newDevice = (
  row: Pick<Insertable<Database['devices']>, 'sn' | 'org_id'> & Partial<Insertable<Database['devices']>>,
): Insertable<Database['devices']> => ({
  name: row.sn,
  type: 'inverter',
  product_id: null,
  plant_id: null,
  parent_id: null,
  secret_hash: null,
  mac: null,
  comm_mode: 'mqtt',
  online_state: 'inactive',
  run_state: 'normal',
  hw_version: null,
  sw_version: null,
  protocol_version: null,
  last_online_at: null,
  last_points: null,
  created_at: Date.now(),
  ...row,
});

/**
 * A device of the demo organisation SunPath (an inverter, no plant) whose key is its own SN, inserted
 * directly; answers its id. Tests that send samples through the ingest use it.
 */
export async function insertKeyedDevice(app: FastifyInstance, sn: string): Promise<number> {
  const org = await app.db.selectFrom('orgs').select('id').where('code', '=', 'SUNPATH').executeTakeFirstOrThrow();
  const { id } = await app.db
    .insertInto('devices')
    .values(newDevice({ sn, org_id: org.id, secret_hash: hashDeviceKey(sn) }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
