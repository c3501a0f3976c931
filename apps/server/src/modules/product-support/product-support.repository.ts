import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type {
  ProblemPicturesTable,
  ProductDocumentsTable,
  ProductProblemsTable,
  ProductReleasesTable,
} from './product-support.tables.js';

type Db = Kysely<Database>;

export const productExists = async (db: Db, id: number) =>
  (await db.selectFrom('products').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

export function listDocuments(db: Db, productIds: number[]) {
  if (!productIds.length) return Promise.resolve([]);
  return db
    .selectFrom('product_documents')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('doc_type')
    .orderBy('id')
    .execute();
}

export async function countDocuments(db: Db, productId: number, docType: string) {
  const { n } = await db
    .selectFrom('product_documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('product_id', '=', productId)
    .where('doc_type', '=', docType)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertDocument(db: Db, row: Insertable<ProductDocumentsTable>) {
  return db.insertInto('product_documents').values(row).returningAll().executeTakeFirstOrThrow();
}

export const findDocument = (db: Db, id: number) =>
  db.selectFrom('product_documents').selectAll().where('id', '=', id).executeTakeFirst();

export async function deleteDocument(db: Db, id: number) {
  await db.deleteFrom('product_documents').where('id', '=', id).execute();
}

export const documentFileInUse = async (db: Db, path: string) =>
  (await db.selectFrom('product_documents').select('id').where('file_path', '=', path).executeTakeFirst()) !==
  undefined;

export function listReleases(db: Db, productId: number) {
  return db
    .selectFrom('product_releases')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('id', 'desc')
    .execute();
}

/** The newest release of each of these products. */
export function latestReleases(db: Db, productIds: number[]) {
  if (!productIds.length) return Promise.resolve([]);
  return db
    .selectFrom('product_releases as r')
    .selectAll('r')
    .where('r.product_id', 'in', productIds)
    .where((eb) =>
      eb(
        'r.id',
        '=',
        eb
          .selectFrom('product_releases as r2')
          .select((e) => e.fn.max('r2.id').as('m'))
          .whereRef('r2.product_id', '=', 'r.product_id'),
      ),
    )
    .execute();
}

export const releaseTaken = async (db: Db, productId: number, version: string) =>
  (await db
    .selectFrom('product_releases')
    .select('id')
    .where('product_id', '=', productId)
    .where('version', '=', version)
    .executeTakeFirst()) !== undefined;

export async function insertRelease(db: Db, row: Insertable<ProductReleasesTable>) {
  return db.insertInto('product_releases').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function deleteRelease(db: Db, id: number) {
  const res = await db.deleteFrom('product_releases').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Every product's id, name, type and code, in id order (the public product page). */
export const allProducts = (db: Db) =>
  db.selectFrom('products').select(['id', 'name', 'type', 'code']).orderBy('id').limit(500).execute();

type ProblemFilters = { status?: string; productId?: number; title?: string };

function problems(db: Db, { status, productId, title }: ProblemFilters) {
  let q = db.selectFrom('product_problems as q').innerJoin('products as p', 'p.id', 'q.product_id');
  if (status) q = q.where('q.status', '=', status);
  if (productId) q = q.where('q.product_id', '=', productId);
  if (title) q = q.where('q.title', 'like', `%${title.replace(/[%_]/g, '')}%`);
  return q;
}

export async function listProblems(db: Db, f: ProblemFilters, limit: number, offset: number) {
  const [{ total }, rows] = await Promise.all([
    problems(db, f)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    problems(db, f)
      .leftJoin('users as u', 'u.id', 'q.created_by')
      .selectAll('q')
      .select(['p.name as product_name', 'u.login_name as created_by_name'])
      .orderBy('q.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(total) };
}

/** Every matching problem, newest first, with its picture count, in keyset batches (exports). */
export async function* iterateProblems(db: Db, f: ProblemFilters, batch = 500) {
  let before: number | undefined;
  for (;;) {
    let q = problems(db, f);
    if (before !== undefined) q = q.where('q.id', '<', before);
    const rows = await q
      .leftJoin('users as u', 'u.id', 'q.created_by')
      .selectAll('q')
      .select(['p.name as product_name', 'u.login_name as created_by_name'])
      .select((eb) =>
        eb
          .selectFrom('problem_pictures as pp')
          .whereRef('pp.problem_id', '=', 'q.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('picture_count'),
      )
      .orderBy('q.id', 'desc')
      .limit(batch)
      .execute();
    yield* rows;
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}

export const findProblem = (db: Db, id: number) =>
  db
    .selectFrom('product_problems as q')
    .innerJoin('products as p', 'p.id', 'q.product_id')
    .leftJoin('users as u', 'u.id', 'q.created_by')
    .selectAll('q')
    .select(['p.name as product_name', 'u.login_name as created_by_name'])
    .where('q.id', '=', id)
    .executeTakeFirst();

export async function insertProblem(db: Db, row: Insertable<ProductProblemsTable>) {
  const { id } = await db.insertInto('product_problems').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateProblem(
  db: Db,
  id: number,
  set: Partial<Pick<ProductProblemsTable, 'status' | 'answer' | 'answered_at' | 'faq_id'>>,
) {
  await db.updateTable('product_problems').set(set).where('id', '=', id).execute();
}

export async function deleteProblem(db: Db, id: number) {
  await db.deleteFrom('product_problems').where('id', '=', id).execute();
}

export function picturesOf(db: Db, problemIds: number[]) {
  if (!problemIds.length) return Promise.resolve([]);
  return db.selectFrom('problem_pictures').selectAll().where('problem_id', 'in', problemIds).orderBy('id').execute();
}

export async function insertPicture(db: Db, row: Insertable<ProblemPicturesTable>) {
  return db.insertInto('problem_pictures').values(row).returningAll().executeTakeFirstOrThrow();
}

export const findPicture = (db: Db, id: number) =>
  db.selectFrom('problem_pictures').selectAll().where('id', '=', id).executeTakeFirst();

export const pictureFileInUse = async (db: Db, path: string) =>
  (await db.selectFrom('problem_pictures').select('id').where('file_path', '=', path).executeTakeFirst()) !== undefined;
