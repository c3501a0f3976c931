/**
 * The module definitions (lib/module.ts, modules/index.ts) walked as a whole: every module folder
 * is registered once under its own name, every job runs, every migration folder is read, every
 * permission a route declares is granted to a role; and probes show what a mistake in a new
 * module's definition does (docs/adding-a-domain.md).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_BASE } from '@pv/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { allMigrations } from '../src/db/migrate.js';
import { defineModule, enabledModules, jobPeriodsOf, type ModuleDefinition } from '../src/lib/module.js';
import { MODULES } from '../src/modules/index.js';
import { buildTestApp, login, type TestApp } from './helper.js';

const modulesDir = fileURLToPath(new URL('../src/modules/', import.meta.url));
const folders = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('module definitions', () => {
  it('registers every module folder exactly once, under the folder name', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(folders);
  });

  it('schedules every job the enabled modules declare, at its declared period unless replaced', () => {
    const declared = enabledModules(MODULES, t.config)
      .flatMap((m) => m.jobs ?? [])
      .filter((j) => j.enabled?.(t.config) ?? true)
      .map((j) => j.name);
    expect(declared.length).toBeGreaterThanOrEqual(10);
    expect(t.app.jobs.names().sort()).toEqual([...declared].sort());
  });

  it("reads every module's migrations folder, and a folder no definition names is a mistake", async () => {
    for (const name of folders) {
      const folder = join(modulesDir, name, 'migrations');
      const definition = MODULES.find((m) => m.name === name)!;
      if (!existsSync(folder)) {
        expect(definition.migrations, `${name} declares a migrations folder it does not have`).toBeUndefined();
        continue;
      }
      expect(definition.migrations && fileURLToPath(definition.migrations), name).toBe(folder + '/');
      // every file there is a migration the migrator runs: a misnamed one would be skipped silently
      for (const file of readdirSync(folder))
        expect(file, `${name}/migrations/${file}`).toMatch(/^\d{12}_[a-z0-9_]+\.ts$/);
    }
    const all = await allMigrations(MODULES);
    const executed = await t.app.db
      .selectFrom(sql<{ name: string }>`kysely_migration`.as('m'))
      .select('name')
      .execute();
    expect(executed.map((r) => r.name).sort()).toEqual(Object.keys(all).sort());
  });

  it('grants every permission a route declares to at least one role', async () => {
    const routePerms = new Set(t.app.apiRoutes.flatMap((r) => (typeof r.access === 'object' ? [r.access.perm] : [])));
    const roles = await t.app.db.selectFrom('roles').select('perms').execute();
    const granted = new Set(roles.flatMap((r) => JSON.parse(r.perms) as string[]));
    const ungranted = [...routePerms].filter((p) => !granted.has(p));
    expect(ungranted).toEqual([]);
  });
});

describe('probes: a mistake in a new module', () => {
  const probe = (over: Partial<ModuleDefinition> = {}) =>
    defineModule({
      name: 'probe',
      routes: async (app) => {
        app.get('/probe-items', { config: { access: 'session' } }, async (_req, reply) => reply.ok({ rows: [] }));
      },
      ...over,
    });
  const configOf = (dir: string) =>
    loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: `sqlite:${join(dir, 'pv.sqlite')}`,
      DEMO: 'false',
      ADMIN_PASSWORD: 'probe-admin-1',
      LOG_LEVEL: 'silent',
      PORT: '0',
      MQTT_PORT: '0',
      SIMULATOR: 'false',
      INGEST_THREAD: 'false',
      JOBS_THREAD: 'false',
    });
  const withApp = async (
    modules: ModuleDefinition[],
    check: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>,
  ) => {
    const dir = mkdtempSync(join(tmpdir(), 'pv-probe-'));
    try {
      const app = await buildApp({ ...configOf(dir), webDist: join(dir, 'no-web') }, { modules });
      try {
        await check(app);
      } finally {
        await app.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('a module added to the list serves its routes, runs its jobs and its migrations', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pv-probe-migrations-'));
    writeFileSync(
      join(folder, '202612080000_create_probe_items.js'),
      `export async function up(db) { await db.schema.createTable('probe_items').addColumn('id', 'integer', (c) => c.primaryKey()).execute(); }\n`,
    );
    let ran = 0;
    try {
      const module = probe({
        migrations: pathToFileURL(folder + '/'),
        jobs: [{ name: 'probe-job', periodMs: 60_000, atReady: true, start: () => async () => void ran++ }],
      });
      await withApp([...MODULES, module], async (app) => {
        await app.ready();
        const token = await login(app, 'admin', 'probe-admin-1');
        const res = await app.inject({ url: `${API_BASE}/probe-items`, headers: { 'x-token': token } });
        expect(res.json()).toMatchObject({ code: 200, data: { rows: [] } });
        expect(app.jobs.names()).toContain('probe-job');
        await app.jobs.idle();
        expect(ran).toBe(1);
        const tables = await app.db.introspection.getTables();
        expect(tables.map((x) => x.name)).toContain('probe_items');
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a route without its access stops the server at start', async () => {
    const bad = probe({
      routes: async (app) => {
        app.get('/probe-open', { schema: { response: { 200: z.object({}) } } }, async () => ({}));
      },
    });
    await expect(withApp([...MODULES, bad], async () => undefined)).rejects.toThrow(/access/);
  });

  it('two jobs of one name, or two migrations of one name, are refused', async () => {
    const job = { name: 'dashboard', periodMs: 1000, start: () => async () => undefined };
    expect(() => jobPeriodsOf([...MODULES, probe({ jobs: [job] })])).toThrow(/two periodic jobs named dashboard/);
    const folder = mkdtempSync(join(tmpdir(), 'pv-probe-migrations-'));
    try {
      writeFileSync(join(folder, '202611220000_create_core.js'), 'export async function up() {}\n');
      await expect(allMigrations([...MODULES, probe({ migrations: pathToFileURL(folder + '/') })])).rejects.toThrow(
        /two migrations named 202611220000_create_core/,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a job period given for no job is refused (a typo would leave the real job at its default)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pv-probe-'));
    try {
      await expect(
        buildApp({ ...configOf(dir), webDist: join(dir, 'no-web') }, { jobPeriods: { dashbaord: 10 } }),
      ).rejects.toThrow(/no periodic job dashbaord/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
