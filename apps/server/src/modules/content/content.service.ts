import {
  API_BASE,
  DOCUMENT_LIMITS,
  PICTURE_LIMITS,
  brandFor,
  brandTitle,
  contentBody,
  type ContactAnswerBody,
  type ContactMessageBody,
  type ContactMessageQuery,
  type ContactMessageRow,
  type ContentKind,
  type ContentQuery,
  type ContentRow,
  type Language,
  type PublicContentItem,
  translate,
  type MessageKey,
} from '@pv/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { Kysely, Selectable } from 'kysely';
import { WindowLimiter } from '../../lib/window-limiter.js';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { ContactMessagesTable, ContentItemsTable } from './content.tables.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError, notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import { removeUnused, storeUpload } from '../../lib/upload.js';
import type { SessionUser } from '../../lib/types.js';
import type { XlsxColumn, XlsxExport } from '../../lib/xlsx-export.js';
import { queueMail, type Outbox } from '../mail/index.js';
import * as repo from './content.repository.js';
import { contentText, sanitizeContent } from './sanitize.js';

/* Help-center content (contact us, user guide, policy, FAQs) and the contact-us messages. */

type Db = Kysely<Database>;
type Body = z.infer<typeof contentBody>;

const toRow = (r: Selectable<ContentItemsTable> & { updated_by_name: string | null }): ContentRow => ({
  id: r.id,
  kind: r.kind as ContentKind,
  lang: r.lang as Language,
  title: r.title,
  content: r.content,
  mediaType: r.media_type as ContentRow['mediaType'],
  sortOrder: r.sort_order,
  status: r.status as ContentRow['status'],
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
  updatedBy: r.updated_by_name,
});

const toPublic = (r: Selectable<ContentItemsTable>): PublicContentItem => ({
  id: r.id,
  kind: r.kind as ContentKind,
  lang: r.lang as Language,
  title: r.title,
  content: r.content,
  mediaType: r.media_type as PublicContentItem['mediaType'],
  sortOrder: r.sort_order,
  updatedAt: Number(r.updated_at),
});

const values = (b: Body) => ({
  kind: b.kind,
  lang: b.lang,
  title: b.title,
  // the HTML is stored sanitised: what is served is what was checked
  content: sanitizeContent(b.content),
  media_type: b.mediaType,
  sort_order: b.sortOrder,
  status: b.status,
});

export async function listContent(db: Db, { pageNum, pageSize, ...f }: ContentQuery) {
  const { rows, total } = await repo.listContent(db, f, pageSize, (pageNum - 1) * pageSize);
  return { rows: rows.map(toRow), total };
}

export async function getContent(db: Db, id: number) {
  const row = await repo.findContent(db, id);
  if (!row) throw notFound();
  return toRow(row);
}

export async function createContent(db: Db, me: SessionUser, b: Body, now = Date.now()) {
  return { id: await repo.insertContent(db, { ...values(b), updated_by: me.id, created_at: now, updated_at: now }) };
}

/** A deleted item is restored before it is edited (409). */
export async function updateContent(db: Db, me: SessionUser, id: number, b: Body, now = Date.now()) {
  const row = await repo.findContent(db, id);
  if (!row) throw notFound();
  if (row.status === 'deleted') throw new ApiError(409, 'error.contentDeleted');
  await repo.updateContent(db, id, { ...values(b), updated_by: me.id, updated_at: now });
}

/** Soft delete: the item leaves the public pages at once and can be restored. */
export async function deleteContent(db: Db, me: SessionUser, id: number, now = Date.now()) {
  const row = await repo.findContent(db, id);
  if (!row) throw notFound();
  await repo.updateContent(db, id, { status: 'deleted', updated_by: me.id, updated_at: now });
}

/** A restored item comes back as a draft: it is published again on purpose, not by the restore. */
export async function restoreContent(db: Db, me: SessionUser, id: number, now = Date.now()) {
  const row = await repo.findContent(db, id);
  if (!row) throw notFound();
  if (row.status !== 'deleted') throw new ApiError(409, 'error.contentNotDeleted');
  await repo.updateContent(db, id, { status: 'draft', updated_by: me.id, updated_at: now });
}

/**
 * The public read: the published items of a kind in the visitor's language; when that language
 * has none, the English ones. Drafts and deleted items are never served.
 */
export async function publicContent(db: Db, kind: ContentKind, lang: Language) {
  const rows = await repo.publishedContent(db, kind, lang);
  if (rows.length || lang === 'en') return rows.map(toPublic);
  return (await repo.publishedContent(db, kind, 'en')).map(toPublic);
}

export async function publicItem(db: Db, id: number) {
  const row = await repo.publishedItem(db, id);
  if (!row) throw notFound();
  return toPublic(row);
}

/** Public contact form: one address may send a few messages per hour (429 past it). */
export const contactLimiter = () => new WindowLimiter<string>(5, 3_600_000);

export async function sendContactMessage(
  db: Db,
  limiter: WindowLimiter<string>,
  ip: string,
  lang: Language,
  b: ContactMessageBody,
  now = Date.now(),
) {
  if (!limiter.take(ip, 1, now)) throw new ApiError(429, 'error.tooManyRequests');
  const id = await repo.insertContactMessage(db, {
    name: b.name,
    email: b.email,
    phone: b.phone || null,
    message: b.message,
    lang,
    status: 'new',
    answer: null,
    answered_by: null,
    answered_at: null,
    created_at: now,
  });
  return { id };
}

const toMessage = (r: Selectable<ContactMessagesTable> & { answered_by_name: string | null }): ContactMessageRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  message: r.message,
  lang: r.lang,
  status: r.status as ContactMessageRow['status'],
  answer: r.answer,
  answeredAt: r.answered_at === null ? null : Number(r.answered_at),
  answeredBy: r.answered_by_name,
  createdAt: Number(r.created_at),
});

export async function listContactMessages(db: Db, { pageNum, pageSize, status }: ContactMessageQuery) {
  const { rows, total } = await repo.listContactMessages(db, status, pageSize, (pageNum - 1) * pageSize);
  return { rows: rows.map(toMessage), total };
}

/**
 * Answers a message: the answer is kept with it and mailed to the sender, in the language they
 * wrote in, through the mail outbox in the same transaction (sent when SMTP_URL is set, kept in
 * the outbox otherwise).
 */
export async function answerContactMessage(
  deps: { db: Db; outbox: Outbox },
  me: SessionUser,
  id: number,
  { answer }: ContactAnswerBody,
  now = Date.now(),
) {
  const m = await repo.findContactMessage(deps.db, id);
  if (!m) throw notFound();
  const lang = (['en', 'zh', 'es', 'ja'].includes(m.lang) ? m.lang : 'en') as Language;
  const brand = brandTitle(brandFor(deps.outbox.brand), lang);
  await inTransaction(deps.db, async (trx) => {
    await repo.answerContactMessage(trx, id, { answer, answered_by: me.id, answered_at: now });
    await queueMail(
      trx,
      deps.outbox,
      {
        to: m.email,
        lang,
        template: 'contactAnswer',
        subject: { key: 'mail.contactAnswer.subject', values: { brand } },
        blocks: [
          { key: 'mail.contactAnswer.greeting', values: { name: m.name } },
          { key: 'mail.contactAnswer.intro' },
          { key: 'mail.contactAnswer.answer', values: { answer } },
          { key: 'mail.contactAnswer.quote' },
          { key: 'mail.contactAnswer.message', values: { message: m.message } },
        ],
      },
      now,
    );
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A question and its plain-text answer as a published FAQ (a product problem's answer becoming
 * one): the answer's paragraphs as HTML, sanitised like every item. Answers the new item's id.
 */
export async function createPublishedFaq(
  db: Db,
  me: SessionUser,
  { lang, title, answer }: { lang: Language; title: string; answer: string },
  now = Date.now(),
) {
  const html = answer
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br />')}</p>`)
    .join('');
  return repo.insertContent(db, {
    kind: 'faqs',
    lang,
    title: title.slice(0, 200),
    content: sanitizeContent(html),
    media_type: 'picture',
    sort_order: 100,
    status: 'published',
    updated_by: me.id,
    created_at: now,
    updated_at: now,
  });
}

const MEDIA_EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'video/mp4': 'mp4' };
const MEDIA_MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', mp4: 'video/mp4' };
const MEDIA_NAME = /^([a-f0-9]{64})\.(jpg|png|mp4)$/;

/**
 * A picture (JPG or PNG, at most 2 MB) or a video (MP4, at most 200 MB) for content, typed by its
 * bytes and kept by its SHA-256 in the store's area `content`; answers the public URL the editor puts in the HTML.
 */
export async function uploadMedia(files: FileStore, part: MultipartFile) {
  const file = await storeUpload(part, files, 'content', {
    mimes: Object.keys(MEDIA_EXT),
    maxBytes: DOCUMENT_LIMITS.videoMaxBytes,
    typeMessage: 'validation.mediaType',
  });
  if (file.mime !== 'video/mp4' && file.size > PICTURE_LIMITS.maxBytes) {
    await removeUnused(files, 'content', file.path, false);
    throw new ApiError(413, 'validation.imageSize');
  }
  return { url: `${API_BASE}/cms/media/${file.sha256}.${MEDIA_EXT[file.mime]}`, mime: file.mime, size: file.size };
}

/** A content medium by its public name (404 for anything else). */
export async function mediaFile(files: FileStore, name: string) {
  const m = MEDIA_NAME.exec(name);
  if (!m) throw notFound();
  const f = await files.open('content', m[1]!);
  if (!f) throw notFound();
  return { ...f, mime: MEDIA_MIME[m[2]!]! };
}

// ── exports ─────────────────────────────────────────────────────────────────────────────────────

const CONTENT_COLUMNS: XlsxColumn[] = [
  { key: 'sortOrder', header: 'contentExport.sortOrder', width: 8 },
  { key: 'title', header: 'contentExport.title', width: 36 },
  { key: 'lang', header: 'contentExport.lang', width: 10 },
  { key: 'status', header: 'contentExport.status', width: 12 },
  { key: 'mediaType', header: 'contentExport.mediaType', width: 10 },
  { key: 'text', header: 'contentExport.text', width: 80 },
  { key: 'updatedAt', header: 'contentExport.updatedAt', width: 20, date: 'YYYY-MM-DD HH:mm' },
  { key: 'updatedBy', header: 'contentExport.updatedBy', width: 16 },
];

/** A kind's filtered items as an .xlsx in their order: the text without markup, status and type in `lang`. */
export function contentExport(
  db: Db,
  filters: Omit<ContentQuery, 'pageNum' | 'pageSize'>,
  lang: string,
): XlsxExport<Record<string, unknown>> {
  async function* rows() {
    for await (const r of repo.iterateContent(db, filters)) {
      const row = toRow(r);
      yield {
        ...row,
        text: contentText(row.content),
        status: translate(lang, `contentExport.statuses.${row.status}` as const satisfies MessageKey),
        mediaType: translate(lang, `contentExport.mediaTypes.${row.mediaType}` as const satisfies MessageKey),
        updatedAt: new Date(row.updatedAt),
      };
    }
  }
  return { filename: `${filters.kind}.xlsx`, sheet: 'contentExport.sheet', columns: CONTENT_COLUMNS, rows: rows() };
}

const MESSAGE_COLUMNS: XlsxColumn[] = [
  { key: 'createdAt', header: 'contactExport.createdAt', width: 20, date: 'YYYY-MM-DD HH:mm' },
  { key: 'name', header: 'contactExport.name', width: 18 },
  { key: 'email', header: 'contactExport.email', width: 26 },
  { key: 'phone', header: 'contactExport.phone', width: 16 },
  { key: 'lang', header: 'contactExport.lang', width: 10 },
  { key: 'message', header: 'contactExport.message', width: 60 },
  { key: 'status', header: 'contactExport.status', width: 12 },
  { key: 'answer', header: 'contactExport.answer', width: 60 },
  { key: 'answeredAt', header: 'contactExport.answeredAt', width: 20, date: 'YYYY-MM-DD HH:mm' },
  { key: 'answeredBy', header: 'contactExport.answeredBy', width: 16 },
];

/** The contact messages (of a status) as an .xlsx, newest first. */
export function contactMessageExport(
  db: Db,
  { status }: Omit<ContactMessageQuery, 'pageNum' | 'pageSize'>,
  lang: string,
): XlsxExport<Record<string, unknown>> {
  async function* rows() {
    for await (const r of repo.iterateContactMessages(db, status)) {
      const row = toMessage(r);
      yield {
        ...row,
        status: translate(lang, `contactExport.statuses.${row.status}` as const satisfies MessageKey),
        createdAt: new Date(row.createdAt),
        answeredAt: row.answeredAt === null ? null : new Date(row.answeredAt),
      };
    }
  }
  return { filename: 'contact-messages.xlsx', sheet: 'contactExport.sheet', columns: MESSAGE_COLUMNS, rows: rows() };
}
