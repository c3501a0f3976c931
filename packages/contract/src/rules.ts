/**
 * Validation rules of spec §5, written once for the form and the server. Messages are i18n
 * keys (see messages.ts); each side translates them in the caller's language.
 */
import { z } from 'zod';
import { CODE_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, UPLOAD_IMAGE_MAX_BYTES } from './constants.js';

export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const NAME_RE = new RegExp(`^[A-Za-z0-9\\u4e00-\\u9fa5]{1,${NAME_MAX_LENGTH}}$`);
export const CODE_RE = new RegExp(`^[A-Za-z0-9]{1,${CODE_MAX_LENGTH}}$`);
export const IDENTIFIER_RE = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

export const isEmail = (v: string) => EMAIL_RE.test(v);
export const isValidName = (v: string) => NAME_RE.test(v);
export const isValidCode = (v: string) => CODE_RE.test(v);
export const isValidIdentifier = (v: string) => IDENTIFIER_RE.test(v);
export const isValidPassword = (v: string) => v.length >= PASSWORD_MIN_LENGTH;

export function isValidJson(v: string): boolean {
  try {
    JSON.parse(v);
    return true;
  } catch {
    return false;
  }
}

/** "jpg/png only, at most 2MB": returns the message key of the first broken rule, or null. */
export function checkImage(file: { type: string; size: number }): string | null {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return 'validation.imageType';
  if (file.size > UPLOAD_IMAGE_MAX_BYTES) return 'validation.imageSize';
  return null;
}

export function checkDocuments(files: { type: string }[], maxCount: number): string | null {
  if (files.length > maxCount) return 'validation.fileCount';
  if (files.some((f) => f.type !== 'application/pdf')) return 'validation.pdfOnly';
  return null;
}

/** Authorised persons: a comma-separated list of e-mails, required, none of them the authoriser. */
export function checkAuthorisedList(list: string, authoriserEmail?: string): string | null {
  const emails = list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (emails.length === 0) return 'validation.authorisedRequired';
  if (emails.some((e) => !isEmail(e))) return 'validation.email';
  if (authoriserEmail && emails.some((e) => e.toLowerCase() === authoriserEmail.toLowerCase()))
    return 'validation.authorisedSelf';
  return null;
}

// zod building blocks ---------------------------------------------------------------------
export const zEmail = z.string().trim().regex(EMAIL_RE, { message: 'validation.email' });
export const zName = z.string().trim().regex(NAME_RE, { message: 'validation.name' });
export const zCode = z.string().trim().regex(CODE_RE, { message: 'validation.code' });
export const zIdentifier = z.string().trim().regex(IDENTIFIER_RE, { message: 'validation.identifier' });
export const zPassword = z.string().min(PASSWORD_MIN_LENGTH, { message: 'validation.password' });
export const zTitle = z.string().trim().min(1, { message: 'validation.titleRequired' });
export const zJsonText = z.string().refine(isValidJson, { message: 'validation.json' });
