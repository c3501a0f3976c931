import { sql, type SqlBool } from 'kysely';

/**
 * Text filters of the lists: LIKE with the user's `%`, `_` and `\` taken literally (escaped, with
 * `escape '\'`), and the same result on both databases (LIKE is case-sensitive in PostgreSQL,
 * not in SQLite: both sides are lowered). The one place list filters build a LIKE pattern.
 */
export const escapeLike = (v: string) => v.replace(/[%_\\]/g, (c) => `\\${c}`);

/** The column contains `v`, whatever its case. */
export const contains = (col: string, v: string) =>
  sql<SqlBool>`lower(${sql.ref(col)}) like ${`%${escapeLike(v.toLowerCase())}%`} escape '\\'`;

/** The column starts with `v`, whatever its case. */
export const startsWith = (col: string, v: string) =>
  sql<SqlBool>`lower(${sql.ref(col)}) like ${`${escapeLike(v.toLowerCase())}%`} escape '\\'`;
