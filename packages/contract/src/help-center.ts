import { z } from 'zod';
import { MAX_ID, pageQuery } from './api.js';
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS } from './client-errors.js';
import { DOCUMENT_TYPES, LANGUAGES } from './constants.js';
import {
  CONTACT_STATUSES,
  CONTENT_KINDS,
  CONTENT_MAX_CHARS,
  CONTENT_MEDIA_TYPES,
  CONTENT_STATUSES,
  parseUpdateContent,
  PROBLEM_STATUSES,
} from './help-center-constants.js';

export * from './help-center-constants.js';

/* Issue 21: the interface error log, the content system (help center), contact messages, product
   documents, release notes and product problems. */

const id = z.number().int().positive();
const title = z
  .string({ message: 'validation.titleRequired' })
  .trim()
  .min(1, { message: 'validation.titleRequired' })
  .max(200, { message: 'validation.tooLong' });

// ── Interface error log (spec §3 "Error logs") ─────────────────────────────────────────────────

export const clientErrorEntry = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  /** The console route the user was on. */
  route: z.string().max(CLIENT_ERROR_LIMITS.route),
  /** A failed request: its method and path, and the HTTP status (0: no answer). */
  url: z.string().max(CLIENT_ERROR_LIMITS.route).optional(),
  status: z.number().int().min(0).max(999).optional(),
  at: z.number().int().nonnegative(),
});
export type ClientErrorEntry = z.infer<typeof clientErrorEntry>;
export const clientErrorReport = z.object({
  entries: z.array(clientErrorEntry).min(1).max(CLIENT_ERROR_LIMITS.perReport),
});
export type ClientErrorReport = z.infer<typeof clientErrorReport>;
export const clientErrorRow = /* @__PURE__ */ clientErrorEntry.extend({
  id,
  loginName: z.string().nullable(),
  /** The browser as its user agent names it ("Chrome 142", "Firefox 139", …) and the whole string. */
  browser: z.string(),
  userAgent: z.string(),
  createdAt: z.number(),
});
export type ClientErrorRow = z.infer<typeof clientErrorRow>;
export const clientErrorQuery = /* @__PURE__ */ pageQuery.extend({
  kind: z.enum(CLIENT_ERROR_KINDS).optional(),
  loginName: z.string().trim().max(64).optional(),
  route: z.string().trim().max(200).optional(),
});
export type ClientErrorQuery = z.infer<typeof clientErrorQuery>;

// ── Content items (spec §3: title, content, status, type) ──────────────────────────────────────

export const contentBody = z.object({
  kind: z.enum(CONTENT_KINDS),
  lang: z.enum(LANGUAGES),
  title,
  content: z.string().max(CONTENT_MAX_CHARS, { message: 'validation.tooLong' }).default(''),
  mediaType: z.enum(CONTENT_MEDIA_TYPES).default('picture'),
  sortOrder: z.number().int().min(0).max(9999).default(0),
  /** Saved as a draft or published at once; deleting is its own call. */
  status: z.enum(['draft', 'published']).default('draft'),
});
export type ContentBody = z.input<typeof contentBody>;
export const contentRow = /* @__PURE__ */ contentBody.extend({
  id,
  status: z.enum(CONTENT_STATUSES),
  updatedAt: z.number(),
  createdAt: z.number(),
  updatedBy: z.string().nullable(),
});
export type ContentRow = z.infer<typeof contentRow>;
export const contentQuery = /* @__PURE__ */ pageQuery.extend({
  kind: z.enum(CONTENT_KINDS),
  lang: z.enum(LANGUAGES).optional(),
  status: z.enum(CONTENT_STATUSES).optional(),
  title: z.string().trim().max(200).optional(),
});
export type ContentQuery = z.infer<typeof contentQuery>;

/** GET /cms/contents: the published items of a kind in the visitor's language (English when it has none). */
export const publicContentQuery = z.object({ kind: z.enum(CONTENT_KINDS), lang: z.enum(LANGUAGES).optional() });
export const publicContentItem = z.object({
  id,
  kind: z.enum(CONTENT_KINDS),
  lang: z.enum(LANGUAGES),
  title: z.string(),
  content: z.string(),
  mediaType: z.enum(CONTENT_MEDIA_TYPES),
  sortOrder: z.number(),
  updatedAt: z.number(),
});
export type PublicContentItem = z.infer<typeof publicContentItem>;

// ── Contact-us messages ─────────────────────────────────────────────────────────────────────────

export const contactMessageBody = z.object({
  name: z.string().trim().min(1, { message: 'validation.contactName' }).max(60),
  email: z.string().trim().email({ message: 'validation.email' }).max(120),
  phone: z.string().trim().max(32).optional(),
  message: z.string().trim().min(1, { message: 'validation.contactMessage' }).max(2000),
});
export type ContactMessageBody = z.infer<typeof contactMessageBody>;
export const contactMessageRow = /* @__PURE__ */ contactMessageBody.extend({
  id,
  phone: z.string().nullable(),
  lang: z.string(),
  status: z.enum(CONTACT_STATUSES),
  answer: z.string().nullable(),
  answeredAt: z.number().nullable(),
  answeredBy: z.string().nullable(),
  createdAt: z.number(),
});
export type ContactMessageRow = z.infer<typeof contactMessageRow>;
export const contactMessageQuery = /* @__PURE__ */ pageQuery.extend({ status: z.enum(CONTACT_STATUSES).optional() });
export type ContactMessageQuery = z.infer<typeof contactMessageQuery>;
export const contactAnswerBody = z.object({
  answer: z.string().trim().min(1, { message: 'validation.answerRequired' }).max(5000),
});
export type ContactAnswerBody = z.infer<typeof contactAnswerBody>;

// ── Product documents (spec §3 document types) ────────────────────────────────────────────────

export const productDocumentRow = z.object({
  id,
  productId: id,
  docType: z.enum(DOCUMENT_TYPES),
  fileName: z.string(),
  size: z.number(),
  mime: z.string(),
  downloadUrl: z.string(),
  createdAt: z.number(),
});
export type ProductDocumentRow = z.infer<typeof productDocumentRow>;
export const documentTypeParam = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  type: z.enum(DOCUMENT_TYPES),
});

/** GET /cms/products: every product with its documents, for the public product page. */
export const publicProduct = z.object({
  id,
  name: z.string(),
  type: z.string(),
  code: z.string(),
  documents: z.array(productDocumentRow),
  release: z.object({ version: z.string(), notes: z.string(), createdAt: z.number() }).nullable(),
});
export type PublicProduct = z.infer<typeof publicProduct>;

// ── Release notes (version update content, spec §5) ───────────────────────────────────────────

export const releaseBody = z.object({
  version: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,32}$/, { message: 'validation.version' }),
  content: z
    .string()
    .max(30_000)
    .refine((s) => parseUpdateContent(s) !== undefined, { message: 'validation.json' }),
});
export type ReleaseBody = z.infer<typeof releaseBody>;
export const releaseRow = z.object({
  id,
  productId: id,
  version: z.string(),
  content: z.string(),
  createdAt: z.number(),
});
export type ReleaseRow = z.infer<typeof releaseRow>;

// ── Product problems ────────────────────────────────────────────────────────────────────────────

export const problemBody = z.object({
  productId: id,
  title,
  description: z.string().trim().max(5000).default(''),
});
export type ProblemBody = z.input<typeof problemBody>;
export const problemAnswerBody = z.object({
  answer: z.string().trim().min(1, { message: 'validation.answerRequired' }).max(5000),
  /** Also publish the question and its answer as an FAQ (in the caller's language). */
  toFaq: z.boolean().default(false),
});
export type ProblemAnswerBody = z.input<typeof problemAnswerBody>;
export const problemPicture = z.object({ id, url: z.string(), size: z.number() });
export const problemRow = z.object({
  id,
  productId: id,
  productName: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(PROBLEM_STATUSES),
  answer: z.string().nullable(),
  faqId: z.number().nullable(),
  pictures: z.array(problemPicture),
  createdBy: z.string().nullable(),
  createdAt: z.number(),
  answeredAt: z.number().nullable(),
});
export type ProblemRow = z.infer<typeof problemRow>;
export const problemQuery = /* @__PURE__ */ pageQuery.extend({
  status: z.enum(PROBLEM_STATUSES).optional(),
  productId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  title: z.string().trim().max(200).optional(),
});
export type ProblemQuery = z.infer<typeof problemQuery>;
