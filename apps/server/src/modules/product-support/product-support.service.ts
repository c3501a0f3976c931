import type { MultipartFile } from '@fastify/multipart';
import {
  API_BASE,
  DOCUMENT_LIMITS,
  PICTURE_LIMITS,
  PICTURE_MIMES,
  documentMaxBytes,
  documentMime,
  parseUpdateContent,
  type DocumentType,
  type Language,
  type ProblemQuery,
  type ProblemRow,
  type ProductDocumentRow,
  type PublicProduct,
  type ReleaseBody,
  type problemAnswerBody,
  type problemBody,
  translate,
  type MessageKey,
} from '@pv/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { ProductDocumentsTable, ProductReleasesTable } from './product-support.tables.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import type { FileStore } from '../../lib/file-store.js';
import type { XlsxColumn, XlsxExport } from '../../lib/xlsx-export.js';
import { removeUnused, storeUpload } from '../../lib/upload.js';
import { createPublishedFaq } from '../content/index.js';
import * as repo from './product-support.repository.js';

/* Product documents, release notes (version update content) and product problems. */

type Db = Kysely<Database>;

/* Files: documents in the store's area `products`, problem pictures in `problems` (lib/file-store.ts). */

const toDocument = (d: Selectable<ProductDocumentsTable>): ProductDocumentRow => ({
  id: d.id,
  productId: d.product_id,
  docType: d.doc_type as DocumentType,
  fileName: d.file_name,
  size: Number(d.size),
  mime: d.mime,
  downloadUrl: `${API_BASE}/product-documents/${d.id}/file`,
  createdAt: Number(d.created_at),
});

export async function listDocuments(db: Db, productId: number) {
  if (!(await repo.productExists(db, productId))) throw notFound();
  return (await repo.listDocuments(db, [productId])).map(toDocument);
}

/**
 * Stores a document of a type: a PDF (an MP4 for the installation video) by its bytes, within the
 * size limit, and at most DOCUMENT_LIMITS.perType of a type per product. A refusal keeps nothing.
 */
export async function uploadDocument(
  db: Db,
  files: FileStore,
  productId: number,
  type: DocumentType,
  part: MultipartFile,
) {
  const refuse = (e: ApiError) => {
    part.file.resume();
    return e;
  };
  if (!(await repo.productExists(db, productId))) throw refuse(notFound());
  if ((await repo.countDocuments(db, productId, type)) >= DOCUMENT_LIMITS.perType)
    throw refuse(badRequest('validation.fileCount'));
  const video = type === 'installationVideo';
  const file = await storeUpload(part, files, 'products', {
    mimes: [documentMime(type)],
    maxBytes: documentMaxBytes(type),
    typeMessage: video ? 'validation.mp4Only' : 'validation.pdfOnly',
  });
  const row = await repo.insertDocument(db, {
    product_id: productId,
    doc_type: type,
    file_name: file.fileName,
    file_path: file.path,
    mime: file.mime,
    size: file.size,
    created_at: Date.now(),
  });
  return toDocument(row);
}

/** A document's file for download: its bytes, its type by content and its name. */
export async function documentFile(db: Db, files: FileStore, id: number) {
  const d = await repo.findDocument(db, id);
  if (!d) throw notFound();
  const f = await files.open('products', d.file_path);
  if (!f) throw notFound();
  return { ...f, mime: d.mime, fileName: d.file_name };
}

export async function deleteDocument(db: Db, files: FileStore, id: number) {
  const d = await repo.findDocument(db, id);
  if (!d) throw notFound();
  await repo.deleteDocument(db, id);
  await removeUnused(files, 'products', d.file_path, await repo.documentFileInUse(db, d.file_path));
}

const toRelease = (r: Selectable<ProductReleasesTable>) => ({
  id: r.id,
  productId: r.product_id,
  version: r.version,
  content: r.content,
  createdAt: Number(r.created_at),
});

export async function listReleases(db: Db, productId: number) {
  if (!(await repo.productExists(db, productId))) throw notFound();
  return (await repo.listReleases(db, productId)).map(toRelease);
}

/** Release notes: per-language JSON, checked by the schema ("not in a valid JSON format"); a version once per product. */
export async function createRelease(db: Db, productId: number, b: ReleaseBody) {
  if (!(await repo.productExists(db, productId))) throw notFound();
  if (await repo.releaseTaken(db, productId, b.version)) throw new ApiError(409, 'error.conflict');
  // stored as the normalised JSON the check read
  const content = JSON.stringify(parseUpdateContent(b.content));
  return toRelease(
    await repo.insertRelease(db, { product_id: productId, version: b.version, content, created_at: Date.now() }),
  );
}

export async function deleteRelease(db: Db, id: number) {
  if (!(await repo.deleteRelease(db, id))) throw notFound();
}

/** The public product page: every product with its documents and its newest release notes in the visitor's language. */
export async function publicProducts(db: Db, lang: Language): Promise<PublicProduct[]> {
  const products = await repo.allProducts(db);
  const ids = products.map((p) => p.id);
  const [docs, releases] = await Promise.all([repo.listDocuments(db, ids), repo.latestReleases(db, ids)]);
  return products.map((p) => {
    const r = releases.find((x) => x.product_id === p.id);
    const notes = r ? parseUpdateContent(r.content) : undefined;
    return {
      ...p,
      documents: docs.filter((d) => d.product_id === p.id).map(toDocument),
      release:
        r && notes
          ? { version: r.version, notes: notes[lang] ?? notes.en ?? '', createdAt: Number(r.created_at) }
          : null,
    };
  });
}

// ── problems ────────────────────────────────────────────────────────────────────────────────────

async function withPictures(db: Db, rows: NonNullable<Awaited<ReturnType<typeof repo.findProblem>>>[]) {
  const pictures = await repo.picturesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r): ProblemRow => ({
    id: r.id,
    productId: r.product_id,
    productName: r.product_name,
    title: r.title,
    description: r.description,
    status: r.status as ProblemRow['status'],
    answer: r.answer,
    faqId: r.faq_id,
    pictures: pictures
      .filter((p) => p.problem_id === r.id)
      .map((p) => ({ id: p.id, url: `${API_BASE}/problem-pictures/${p.id}`, size: p.size })),
    createdBy: r.created_by_name,
    createdAt: Number(r.created_at),
    answeredAt: r.answered_at === null ? null : Number(r.answered_at),
  }));
}

export async function listProblems(db: Db, { pageNum, pageSize, ...f }: ProblemQuery) {
  const { rows, total } = await repo.listProblems(db, f, pageSize, (pageNum - 1) * pageSize);
  return { rows: await withPictures(db, rows), total };
}

export async function createProblem(db: Db, me: SessionUser, b: z.infer<typeof problemBody>) {
  if (!(await repo.productExists(db, b.productId))) throw badRequest('validation.invalid', { field: 'productId' });
  const id = await repo.insertProblem(db, {
    product_id: b.productId,
    title: b.title,
    description: b.description,
    status: 'open',
    answer: null,
    faq_id: null,
    created_by: me.id,
    created_at: Date.now(),
    answered_at: null,
  });
  return { id };
}

/** A picture of a problem: JPG or PNG by its bytes, at most 2 MB, at most five a problem; not on a closed one. */
export async function addPicture(db: Db, files: FileStore, id: number, part: MultipartFile) {
  const refuse = (e: ApiError) => {
    part.file.resume();
    return e;
  };
  const p = await repo.findProblem(db, id);
  if (!p) throw refuse(notFound());
  if (p.status === 'closed') throw refuse(new ApiError(409, 'error.problemClosed'));
  if ((await repo.picturesOf(db, [id])).length >= PICTURE_LIMITS.perProblem)
    throw refuse(badRequest('validation.fileCount'));
  const file = await storeUpload(part, files, 'problems', {
    mimes: PICTURE_MIMES,
    maxBytes: PICTURE_LIMITS.maxBytes,
    typeMessage: 'validation.imageType',
    sizeMessage: 'validation.imageSize',
  });
  const row = await repo.insertPicture(db, {
    problem_id: id,
    file_path: file.path,
    mime: file.mime,
    size: file.size,
    created_at: Date.now(),
  });
  return { id: row.id, url: `${API_BASE}/problem-pictures/${row.id}`, size: row.size };
}

export async function pictureFile(db: Db, files: FileStore, id: number) {
  const p = await repo.findPicture(db, id);
  if (!p) throw notFound();
  const f = await files.open('problems', p.file_path);
  if (!f) throw notFound();
  return { ...f, mime: p.mime };
}

/**
 * Answers an open (or already answered) problem; with toFaq the question and answer also become a
 * published FAQ in the caller's language, linked from the problem. A closed problem stays (409).
 */
export async function answerProblem(
  db: Db,
  me: SessionUser,
  lang: Language,
  id: number,
  b: z.infer<typeof problemAnswerBody>,
  now = Date.now(),
) {
  const p = await repo.findProblem(db, id);
  if (!p) throw notFound();
  if (p.status === 'closed') throw new ApiError(409, 'error.problemClosed');
  await inTransaction(db, async (trx) => {
    const faqId =
      b.toFaq && p.faq_id === null
        ? await createPublishedFaq(trx, me, { lang, title: p.title, answer: b.answer }, now)
        : p.faq_id;
    await repo.updateProblem(trx, id, { status: 'answered', answer: b.answer, answered_at: now, faq_id: faqId });
  });
}

export async function closeProblem(db: Db, id: number) {
  const p = await repo.findProblem(db, id);
  if (!p) throw notFound();
  if (p.status === 'closed') throw new ApiError(409, 'error.problemClosed');
  await repo.updateProblem(db, id, { status: 'closed' });
}

export async function deleteProblem(db: Db, files: FileStore, id: number) {
  const p = await repo.findProblem(db, id);
  if (!p) throw notFound();
  const pictures = await repo.picturesOf(db, [id]);
  await repo.deleteProblem(db, id);
  for (const pic of pictures)
    await removeUnused(files, 'problems', pic.file_path, await repo.pictureFileInUse(db, pic.file_path));
}

const PROBLEM_COLUMNS: XlsxColumn[] = [
  { key: 'createdAt', header: 'problemExport.createdAt', width: 20, date: 'YYYY-MM-DD HH:mm' },
  { key: 'productName', header: 'problemExport.product', width: 20 },
  { key: 'title', header: 'problemExport.title', width: 36 },
  { key: 'description', header: 'problemExport.description', width: 50 },
  { key: 'status', header: 'problemExport.status', width: 12 },
  { key: 'answer', header: 'problemExport.answer', width: 50 },
  { key: 'answeredAt', header: 'problemExport.answeredAt', width: 20, date: 'YYYY-MM-DD HH:mm' },
  { key: 'pictures', header: 'problemExport.pictures', width: 10 },
  { key: 'faqId', header: 'problemExport.faqId', width: 10 },
  { key: 'createdBy', header: 'problemExport.createdBy', width: 16 },
];

/** The filtered problems as an .xlsx, newest first, status in `lang`, with how many pictures each has. */
export function problemExport(
  db: Db,
  filters: Omit<ProblemQuery, 'pageNum' | 'pageSize'>,
  lang: string,
): XlsxExport<Record<string, unknown>> {
  async function* rows() {
    for await (const r of repo.iterateProblems(db, filters))
      yield {
        createdAt: new Date(Number(r.created_at)),
        productName: r.product_name,
        title: r.title,
        description: r.description,
        status: translate(
          lang,
          `problemExport.statuses.${r.status as ProblemRow['status']}` as const satisfies MessageKey,
        ),
        answer: r.answer,
        answeredAt: r.answered_at === null ? null : new Date(Number(r.answered_at)),
        pictures: Number(r.picture_count ?? 0),
        faqId: r.faq_id,
        createdBy: r.created_by_name,
      };
  }
  return { filename: 'product-problems.xlsx', sheet: 'problemExport.sheet', columns: PROBLEM_COLUMNS, rows: rows() };
}
