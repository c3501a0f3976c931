import { sql, type RawBuilder, type SqlBool } from 'kysely';

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

/** Latin letters that carry their mark inside (no decomposition takes it off), as plain letters. */
const PLAIN: Record<string, string> = {
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
};

/**
 * The text as the header search compares it: accents off ("São" is "sao", "Łódź" "lodz", also
 * when stored decomposed), lower case. SQLite's lower() changes ASCII letters only and neither
 * database folds accents without an extension, so the fold is done here, once, for the search
 * column that is stored (`customers.search_name`) and for the text asked:
 * the database only compares, the same way on both. Only the Latin combining accents
 * (U+0300–U+036F) go: a Japanese dakuten (が) stays.
 */
export const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[øØłŁđĐıßæÆœŒ]/g, (c) => PLAIN[c]!)
    .toLowerCase()
    .normalize('NFC');

/**
 * A plant's name as the search takes the text for it: folded, without spaces, since plant names
 * are letters and digits only ("São Paulo" finds "SaoPaulo1"). Plain ASCII then: lower() suffices.
 */
export const plantNameText = (v: string) => fold(v).replace(/\s+/g, '');
/** What customers.search_name holds: the name, then the nickname. */
export const customerSearchName = (name: string, nickname: string) => fold(`${name} ${nickname}`);

/** `col`, the folded search column, or lower(`fallback`) on a row written without it (before it existed, by hand). */
const searchText = (col: string, fallback: RawBuilder<string>) => sql`coalesce(${sql.ref(col)}, lower(${fallback}))`;

/** The folded search column contains `v`, whatever its case and accents. */
export const foldedContains = (col: string, fallback: RawBuilder<string>, v: string) =>
  sql<SqlBool>`${searchText(col, fallback)} like ${`%${escapeLike(fold(v))}%`} escape '\\'`;

/** The folded search column starts with `v`, whatever its case and accents. */
export const foldedStartsWith = (col: string, fallback: RawBuilder<string>, v: string) =>
  sql<SqlBool>`${searchText(col, fallback)} like ${`${escapeLike(fold(v))}%`} escape '\\'`;
