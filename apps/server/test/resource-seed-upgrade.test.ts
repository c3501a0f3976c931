import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flattenRoutes, ROUTE_TREE } from '@pv/contract';
import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, createDb } from '../src/db/dialect.js';
import { migrateToLatest, migrations } from '../src/db/migrate.js';
import { MODULES } from '../src/modules/index.js';
import { syncResources } from '../src/db/seed/resources.js';

const dir = mkdtempSync(join(tmpdir(), 'pv-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a database seeded before resources had seed keys', () => {
  it('is migrated with the keys of its rows, and the seed then adds nothing twice', async () => {
    const { db } = createDb(`sqlite:${join(dir, 'pv.sqlite')}`);
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const { error } = await migrator.migrateTo('202611240000_create_rollups');
      expect(error).toBeUndefined();
      // the rows the seed of that time inserted: menus by path, buttons by code
      let sort = 0;
      for (const route of flattenRoutes(ROUTE_TREE)) {
        const { id } = await db
          .insertInto('resources')
          .values({
            parent_id: null,
            kind: 'menu',
            name: route.name,
            title_key: route.titleKey,
            router_path: route.fullPath,
            perm: route.perm ?? null,
            icon: null,
            sort: sort++,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const b of route.buttons ?? [])
          await db
            .insertInto('resources')
            .values({
              parent_id: id,
              kind: 'button',
              name: b.perm,
              title_key: b.titleKey,
              router_path: null,
              perm: b.perm,
              icon: null,
              sort: sort++,
            })
            .execute();
      }
      const before = await db
        .selectFrom('resources')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      await migrateToLatest(db, MODULES);
      await syncResources(db);
      const rows = await db.selectFrom('resources').select(['seed_key']).execute();
      expect(rows.length).toBe(Number(before.n));
      expect(rows.every((r) => r.seed_key !== null)).toBe(true);
      const seeds = await db.selectFrom('resource_seeds').select('seed_key').execute();
      expect(seeds.length).toBe(rows.length);
    } finally {
      await closeDb(db);
    }
  });
});
