import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { closeDb, createDb, sqliteHandle } from '../src/db/dialect.js';

// The embedded database's WAL is checkpointed by a thread of its own (db/checkpointer.ts), not
// inside the server's commits: what a commit appends to the WAL reaches the database file without
// another write on the main connection.
const dir = mkdtempSync(join(tmpdir(), 'pv-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('copies committed pages into the database file from its own thread, and stops with the database', async () => {
  const file = join(dir, 'pv.sqlite');
  const { db } = createDb(`sqlite:${file}`);
  const handle = sqliteHandle(db)!;
  expect(handle.pragma('wal_autocheckpoint', { simple: true })).toBe(10000);
  await sql`create table filler (id integer primary key, body text not null)`.execute(db);
  const fileSize = () => statSync(file).size;
  const before = fileSize();
  // about 2 MB in one commit: 500 pages in the WAL, far below the writer's own checkpoint threshold
  const insert = handle.prepare('insert into filler (body) values (?)');
  handle.transaction(() => {
    for (let i = 0; i < 500; i++) insert.run('x'.repeat(4000));
  })();
  expect(fileSize()).toBe(before);
  let grown = false;
  for (let i = 0; i < 60 && !grown; i++) {
    await new Promise((r) => setTimeout(r, 100));
    grown = fileSize() > before + 1_000_000;
  }
  expect(grown).toBe(true);
  // closed: the thread's last checkpoint leaves no WAL behind
  await closeDb(db);
  expect(existsSync(`${file}-wal`)).toBe(false);
});
