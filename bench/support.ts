// What the in-process benches share: the real app on a throw-away database, and the organisations
// a bench fleet spreads over.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/database.js';

/**
 * The app as production builds it (demo accounts, no simulated fleet, no console, no listening
 * sockets) on a fresh SQLite file in a temporary folder, or on BENCH_DATABASE_URL.
 */
export async function benchApp(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `pv-bench-${name}-`));
  const config = loadConfig({
    DATA_DIR: dir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `sqlite:${join(dir, 'pv.sqlite')}`,
    DEMO: 'true',
    SIMULATOR_PLANTS: '0',
    LOG_LEVEL: 'warn',
    PORT: '0',
    MQTT_PORT: '0',
  });
  const app = await buildApp({ ...config, webDist: join(dir, 'none') });
  return { dir, app, db: app.db };
}

/** `count` organisations, half under the agent's (SUNPATH), half under the platform (ROOT); answers their ids. */
export async function seedBenchOrgs(db: Kysely<Database>, count: number, now: number): Promise<number[]> {
  const parentOf = (code: string) =>
    db.selectFrom('orgs').select(['id', 'path', 'group_id']).where('code', '=', code).executeTakeFirstOrThrow();
  const [sunpath, root] = [await parentOf('SUNPATH'), await parentOf('ROOT')];
  const orgIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const parent = i % 2 ? sunpath : root;
    const { id } = await db
      .insertInto('orgs')
      .values({
        parent_id: parent.id,
        group_id: parent.group_id,
        name: `Bench org ${i}`,
        code: `BENCH${i}`,
        path: '/',
        address: null,
        contact: null,
        phone: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('orgs')
      .set({ path: `${parent.path}${id}/` })
      .where('id', '=', id)
      .execute();
    orgIds.push(id);
  }
  return orgIds;
}
