import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/database.js';
import { closeDb, createDb } from '../src/db/dialect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { MODULES } from '../src/modules/index.js';

export interface OrgRef {
  id: number;
  path: string;
}

/**
 * A migrated throw-away SQLite database for service-level tests (the services are called
 * directly, without HTTP), with one organisation group to build an organisation tree in.
 */
export async function serviceDb(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const db: Kysely<Database> = createDb(`sqlite:${join(dir, 'test.db')}`, { checkpoints: false }).db;
  await migrateToLatest(db, MODULES);
  const { id: group } = await db
    .insertInto('org_groups')
    .values({ code: 'AGENT', name: 'Agents' })
    .returning('id')
    .executeTakeFirstOrThrow();

  /** An organisation (under `parent`) with its materialised path, as the org module keeps it. */
  const addOrg = async (code: string, parent?: OrgRef): Promise<OrgRef> => {
    const { id } = await db
      .insertInto('orgs')
      .values({
        parent_id: parent?.id ?? null,
        group_id: group,
        name: code,
        code,
        path: '',
        address: null,
        contact: null,
        phone: null,
        number: null,
        created_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const path = `${parent?.path ?? '/'}${id}/`;
    await db.updateTable('orgs').set({ path }).where('id', '=', id).execute();
    return { id, path };
  };

  const close = async () => {
    await closeDb(db);
    rmSync(dir, { recursive: true, force: true });
  };
  return { db, addOrg, close };
}
