// The help center's kinds, states and limits, apart from its schemas in help-center.ts (which
// re-exports them): the console's content, firmware and product screens read them on first load, and
// a module without zod keeps zod and the schemas other screens' forms use out of those pages.
import { DOCUMENT_TYPES, LANGUAGES, UPLOAD_IMAGE_MAX_BYTES } from './constants.js';

// ── Content items (spec §3: title, content, status, type) ──────────────────────────────────────

/** Which screen and public page an item belongs to; the privacy policy is written on the user-guide screen. */
export const CONTENT_KINDS = ['contactUs', 'userGuide', 'policy', 'faqs'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_STATUSES = ['draft', 'published', 'deleted'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_MEDIA_TYPES = ['picture', 'video'] as const;
export type ContentMediaType = (typeof CONTENT_MEDIA_TYPES)[number];
/** The longest stored HTML (after sanitising), characters. */
export const CONTENT_MAX_CHARS = 100_000;

export const CONTACT_STATUSES = ['new', 'answered'] as const;

// ── Product documents (spec §3 document types) ────────────────────────────────────────────────

export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** Documents are PDF, the installation video MP4; the file's own bytes decide, not its name. */
export const documentMime = (type: DocumentType) => (type === 'installationVideo' ? 'video/mp4' : 'application/pdf');
export const DOCUMENT_LIMITS = {
  /** Files of one type per product ("Number Of Files Exceeds Limit" past it). */
  perType: 5,
  pdfMaxBytes: 20 * 1024 * 1024,
  videoMaxBytes: 200 * 1024 * 1024,
} as const;
export const documentMaxBytes = (type: DocumentType) =>
  type === 'installationVideo' ? DOCUMENT_LIMITS.videoMaxBytes : DOCUMENT_LIMITS.pdfMaxBytes;

// ── Release notes (version update content, spec §5) ───────────────────────────────────────────

/**
 * Update content is JSON: an object of language code to the notes in that language, English
 * required ({"en": "…", "zh": "…"}). Answers the parsed object, or undefined when it is not.
 */
export function parseUpdateContent(text: string): Partial<Record<(typeof LANGUAGES)[number], string>> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const entries = Object.entries(json as Record<string, unknown>);
  if (!entries.length) return undefined;
  for (const [k, v] of entries)
    if (!(LANGUAGES as readonly string[]).includes(k) || typeof v !== 'string' || v.length > 5000) return undefined;
  if (typeof (json as Record<string, unknown>).en !== 'string') return undefined;
  return json as Partial<Record<(typeof LANGUAGES)[number], string>>;
}

// ── Product problems ────────────────────────────────────────────────────────────────────────────

export const PROBLEM_STATUSES = ['open', 'answered', 'closed'] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];
export const PICTURE_LIMITS = { maxBytes: UPLOAD_IMAGE_MAX_BYTES, perProblem: 5 } as const;
export const PICTURE_MIMES = ['image/jpeg', 'image/png'] as const;
