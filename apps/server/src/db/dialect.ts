import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteQueryCompiler,
  ValueNode,
  sql,
  type DatabaseConnection,
  type Driver,
  type LimitNode,
  type OffsetNode,
  type OperationNode,
  type QueryCompiler,
  type RawBuilder,
} from 'kysely';
import pg from 'pg';
import { sqlitePath } from '../config.js';
import { startCheckpointer, type Checkpointer } from './checkpointer.js';
import type { Database } from './database.js';

// int8 (bigint) columns hold epoch milliseconds, well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric columns (energy, prices) as numbers
pg.types.setTypeParser(1700, (v) => Number(v));

export type DialectName = 'sqlite' | 'postgres';

/** The dialect of a Kysely instance, for code handed only the instance (app code has `app.dialect`). */
export const dialectOf = (db: Kysely<Database>): DialectName =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

const JSON_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * One field of a JSON object stored as text in `column` (a column reference such as
 * 'd.last_points'), or null when it is missing: SQLite's json_extract answers the JSON value as
 * it is; PostgreSQL's ->> answers text, cast to double precision for `'number'` (only for fields
 * that are numbers, as the points in the rollups and the known points are). The key is a bound
 * parameter; it must be a plain name (the contract's point names are).
 */
export function jsonField(dialect: DialectName, column: string, key: string, as: 'number'): RawBuilder<number | null>;
export function jsonField(dialect: DialectName, column: string, key: string, as: 'text'): RawBuilder<string | null>;
export function jsonField(
  dialect: DialectName,
  column: string,
  key: string,
  as: 'number' | 'text',
): RawBuilder<number | string | null> {
  if (!JSON_KEY.test(key)) throw new Error(`not a JSON field name: ${key}`);
  if (dialect === 'sqlite') return sql`json_extract(${sql.ref(column)}, ${`$.${key}`})`;
  const text = sql`${sql.ref(column)}::json ->> ${key}`;
  return as === 'number' ? sql`(${text})::double precision` : sql`(${text})`;
}

/**
 * better-sqlite3 prepares every statement Kysely sends; preparing costs more than running a
 * small one, so prepared statements are kept by their SQL text (the ingest path repeats the
 * same few statements thousands of times a second).
 */
function withStatementCache(sqlite: SQLite.Database, onClose?: () => void, size = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      onClose?.();
      sqlite.close();
    },
    prepare: (sql: string) => {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

/** The integer a LIMIT / OFFSET value node holds, when it holds one. */
const integerOf = (node: OperationNode): number | undefined =>
  ValueNode.is(node) && typeof node.value === 'number' && Number.isSafeInteger(node.value) ? node.value : undefined;

/**
 * LIMIT and OFFSET written into the SQL text as the integers they are, not as bound parameters.
 * SQLite plans a page of a list better with a known limit: the plant list's page query (the ids of
 * a page in a subquery, then their rows) took 2 to 3 times longer with `limit ? offset ?` than with
 * `limit 20 offset 40` (docs/performance.md). Only integers are written; anything else stays a
 * parameter. Each page size and offset is its own prepared statement (the statement cache keeps 500).
 */
class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const n = integerOf(node.limit);
    if (n === undefined) return super.visitLimit(node);
    this.append(`limit ${n}`);
  }

  protected override visitOffset(node: OffsetNode): void {
    const n = integerOf(node.offset);
    if (n === undefined) return super.visitOffset(node);
    this.append(`offset ${n}`);
  }
}

/**
 * Transactions take SQLite's write lock as they begin (BEGIN IMMEDIATE), waiting up to the busy
 * timeout for it. The ingest thread writes through a connection of its own (IngestThread): a
 * deferred transaction that read before another connection's commit could not write afterwards
 * (SQLITE_BUSY at once, no waiting), so a console write would fail while the fleet reports.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitCompiler();
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

const handles = new WeakMap<Kysely<Database>, SQLite.Database>();

/** The better-sqlite3 handle under a SQLite Kysely made by createDb (the ingest pipeline's prepared statements). */
export const sqliteHandle = (db: Kysely<Database>): SQLite.Database | undefined => handles.get(db);

const checkpointers = new WeakMap<Kysely<Database>, Checkpointer>();

/**
 * Closes a database made by createDb, its checkpoint thread first (its last checkpoint), then the
 * main connection: closing last, that one checkpoints what is left and removes the WAL, however
 * long the thread took on a busy machine. Use it, not db.destroy(), before removing the database's
 * folder.
 */
export async function closeDb(db: Kysely<Database>): Promise<void> {
  await checkpointers.get(db)?.stop();
  await db.destroy();
}

/**
 * A Kysely on DATABASE_URL: a SQLite file (WAL, its checkpoint thread unless `checkpoints` is
 * false: a second connection to a file whose first one has it) or a PostgreSQL pool.
 */
export function createDb(
  databaseUrl: string,
  options: { checkpoints?: boolean } = {},
): { db: Kysely<Database>; dialect: DialectName } {
  const file = sqlitePath(databaseUrl);
  if (file !== undefined) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // checkpoints run on their own thread (startCheckpointer); the writer's own automatic one
    // only past 40 MB of WAL, should that thread stop. The WAL file is cut back to 64 MB after one
    let checkpointer: Checkpointer | undefined;
    if (file !== ':memory:') {
      sqlite.pragma('wal_autocheckpoint = 10000');
      sqlite.pragma('journal_size_limit = 67108864');
    }
    if (file !== ':memory:' && options.checkpoints !== false) {
      checkpointer = startCheckpointer(file, 1000, (message) => console.error(`SQLite checkpoint: ${message}`));
    }
    const db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite, () => void checkpointer?.stop()) }),
    });
    handles.set(db, sqlite);
    if (checkpointer) checkpointers.set(db, checkpointer);
    return { db, dialect: 'sqlite' };
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // an idle connection that breaks (PostgreSQL restarted, the network cut) leaves the pool, and the
  // next query opens a new one: without a listener its error would end the process
  pool.on('error', (err) =>
    console.warn(`PostgreSQL connection lost (${err.message}); the next query opens a new one`),
  );
  // the same while a connection is checked out between two queries (a transaction under way): the
  // query in flight fails, the connection is no longer queryable and the pool drops it on release
  pool.on('connect', (client) => client.on('error', () => undefined));
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
}
