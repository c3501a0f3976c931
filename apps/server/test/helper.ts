import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Every log line the app wrote. */
  logs: string[];
  close(): Promise<void>;
}

/**
 * The real app on a throw-away database: a temporary SQLite file, or — when TEST_DATABASE_URL is
 * set (CI, `npm run test:pg`) — a PostgreSQL database created for this test file and dropped after.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'pv-test-'));
  const admin = process.env.TEST_DATABASE_URL;
  let databaseUrl = `sqlite:${join(dir, 'pv.sqlite')}`;
  let dropDb: (() => Promise<void>) | undefined;
  if (admin) {
    const name = `pv_test_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: databaseUrl, DEMO: 'true', LOG_LEVEL: 'info', PORT: '0', MQTT_PORT: '0', SIMULATOR_PLANTS: '6', ...env });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(chunk.toString());
      cb();
    },
  });
  const app = await buildApp({ ...config, webDist: join(dir, 'no-web') }, { logStream });
  return {
    app,
    config,
    logs,
    async close() {
      await app.close();
      await dropDb?.();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const DEMO = 'demo123456';

/** Signs in through the API and answers the token. */
export async function login(app: FastifyInstance, username: string, password = DEMO): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/photo_voltaic/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}
