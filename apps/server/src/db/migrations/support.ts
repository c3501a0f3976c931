import { sql, type Kysely } from 'kysely';

// Shared by the migrations only (they never import app code): the dialect tells how an id is made.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Kysely<any>;

export async function isPostgres(db: Db): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** A new table with an integer id: INTEGER PRIMARY KEY (rowid) in SQLite, an identity in PostgreSQL. */
export function tableWithId(db: Db, pg: boolean, name: string) {
  return db.schema
    .createTable(name)
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    );
}
