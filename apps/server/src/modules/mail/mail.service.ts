import {
  brandFor,
  brandTitle,
  LANGUAGES,
  ORG_GROUP_CODES,
  translate,
  type Language,
  type MailDetail,
  type MailOutboxQuery,
  type MailRow,
  type MessageKey,
} from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { maskEmail } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';
import * as repo from './mail.repository.js';

/** A message key and its values; a value may itself be a message (a severity word), rendered in the same language. */
export interface MailText {
  key: MessageKey;
  values?: Record<string, string | number | MailText>;
}

/** A paragraph of text, or label / value lines (the facts of a fault). */
export type MailBlock = MailText | { fields: [label: MessageKey, value: string | MailText][] };

/**
 * A mail as its caller describes it: message keys, rendered in the recipient's language when it is
 * written to the outbox. `template` names what made it (kept in the outbox: 'faultOpened',
 * 'cancelCode', …). Every mail ends with the platform's name.
 */
export interface MailMessage {
  to: string;
  lang: Language;
  template: string;
  subject: MailText;
  blocks: MailBlock[];
}

/** What writing to the outbox needs to know: whether a relay sends (SMTP_URL), and the brand the mails are signed with. */
export interface Outbox {
  sending: boolean;
  brand: string;
}

/** After the last failed attempt a mail is 'failed' (with the default period: about 85 minutes of tries). */
export const MAIL_MAX_ATTEMPTS = 10;
/** The wait after the n-th failed attempt: the job's period doubled each time, at most 6 hours. */
export const retryDelay = (attempts: number, periodMs: number) => Math.min(periodMs * 2 ** attempts, 6 * 3_600_000);

const languageOf = (lang: string): Language =>
  (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'en';

function render(lang: Language, t: MailText): string {
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(t.values ?? {})) values[k] = typeof v === 'object' ? render(lang, v) : v;
  return translate(lang, t.key, values);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The subject, the plain text and the HTML of a mail in its language. */
export function renderMail(mail: MailMessage, brand: string): { subject: string; text: string; html: string } {
  const lang = languageOf(mail.lang);
  // a colon as each language writes it after a label
  const colon = lang === 'zh' || lang === 'ja' ? '：' : ': ';
  const blocks = [...mail.blocks, { key: 'mail.signature', values: { brand: brandTitle(brandFor(brand), lang) } }];
  const text: string[] = [];
  const html: string[] = [];
  for (const b of blocks as MailBlock[]) {
    if ('fields' in b) {
      const lines = b.fields.map(([label, value]) => [
        translate(lang, label),
        typeof value === 'string' ? value : render(lang, value),
      ]);
      text.push(lines.map(([l, v]) => `${l}${colon}${v}`).join('\n'));
      html.push(
        `<table style="border-collapse:collapse">${lines
          .map(
            ([l, v]) =>
              `<tr><td style="padding:2px 12px 2px 0;color:#666;vertical-align:top">${escapeHtml(l!)}</td><td style="padding:2px 0">${escapeHtml(v!)}</td></tr>`,
          )
          .join('')}</table>`,
      );
    } else {
      const p = render(lang, b);
      text.push(p);
      html.push(`<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
    }
  }
  return {
    subject: render(lang, mail.subject).replace(/[\r\n]+/g, ' '),
    text: `${text.join('\n\n')}\n`,
    html: `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;font-size:14px;line-height:1.5">${html.join('\n')}</body></html>`,
  };
}

/**
 * Writes a mail to the outbox, rendered in its language, in the caller's transaction when `db` is
 * one (nothing is sent here: the mail-send job sends it after the commit, so sending never holds up
 * a request or the ingest). Without a relay it is kept as 'stored'. Answers the mail's id.
 */
export function queueMail(db: Kysely<Database>, outbox: Outbox, mail: MailMessage, now = Date.now()) {
  const { subject, text, html } = renderMail(mail, outbox.brand);
  return repo.insertMail(db, {
    to_address: mail.to,
    lang: languageOf(mail.lang),
    subject: subject.slice(0, 998),
    text,
    html,
    template: mail.template,
    status: outbox.sending ? 'queued' : 'stored',
    next_attempt_at: outbox.sending ? now : null,
    last_error: null,
    created_at: now,
    sent_at: null,
  });
}

/** How long a try holds a mail before another run may try it (longer than any send can take). */
const LEASE_MS = 5 * 60_000;

/** What sends a mail: SMTP through nodemailer in production (mail.transport.ts). */
export interface MailSender {
  send(mail: { to: string; subject: string; text: string; html: string | null }): Promise<void>;
}

export interface DeliverOptions {
  /** the job's period: the base of the backoff */
  periodMs: number;
  /** mails tried in one run at most */
  batch?: number;
  /** a run stops taking new mails after this long (ms), so it ends well within the job's stale limit */
  budgetMs?: number;
}

/**
 * One run of the mail-send job: tries the queued mails that are due, oldest first. A refused or
 * failed send is tried again after a growing wait; after MAIL_MAX_ATTEMPTS it is 'failed' with the
 * relay's last answer. Answers how many were sent and how many failed this run.
 */
export async function deliverDue(
  db: Kysely<Database>,
  sender: MailSender,
  { periodMs, batch = 50, budgetMs = 30_000 }: DeliverOptions,
  now = Date.now(),
) {
  const started = Date.now();
  let sent = 0;
  let failed = 0;
  for (const m of await repo.dueMails(db, now, batch)) {
    if (Date.now() - started > budgetMs) break;
    // a run that overlaps this one (its process stalled past the job's stale limit) does not send it twice
    if (!(await repo.leaseMail(db, m.id, Number(m.next_attempt_at), Math.max(now, Date.now()) + LEASE_MS))) continue;
    const attempts = Number(m.attempts) + 1;
    try {
      await sender.send({ to: m.to_address, subject: m.subject, text: m.text, html: m.html });
      await repo.markSent(db, m.id, attempts, Date.now());
      sent++;
    } catch (err) {
      failed++;
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const next = attempts >= MAIL_MAX_ATTEMPTS ? null : Date.now() + retryDelay(attempts, periodMs);
      await repo.markAttemptFailed(db, m.id, attempts, message, next);
    }
  }
  return { sent, failed };
}

/** How long the outbox keeps a mail that is no longer queued. */
export const MAIL_RETENTION_MS = 90 * 86_400_000;

/** The mail-prune job: mails older than the retention go, a slice at a time; answers how many. */
export async function pruneOutbox(db: Kysely<Database>, now = Date.now(), slice = 5000) {
  let removed = 0;
  for (;;) {
    const n = await repo.deleteMailsBefore(db, now - MAIL_RETENTION_MS, slice);
    removed += n;
    if (n < slice) return removed;
  }
}

/** The outbox holds every user's mail: the platform operator's (a ROOT-group session besides mail:outbox). */
function requireRoot(me: SessionUser) {
  if (me.orgGroupCode !== ORG_GROUP_CODES.ROOT) throw new ApiError(403, 'error.mailOutboxRootOnly');
}

type Stored = Awaited<ReturnType<typeof repo.listMails>>['rows'][number];

const toRow = (me: SessionUser, r: Stored): MailRow => ({
  id: r.id,
  to: me.sensitive ? r.to_address : (maskEmail(r.to_address) ?? ''),
  lang: languageOf(r.lang),
  subject: r.subject,
  template: r.template,
  status: r.status,
  attempts: Number(r.attempts),
  nextAttemptAt: r.next_attempt_at === null ? null : Number(r.next_attempt_at),
  lastError: r.last_error,
  createdAt: Number(r.created_at),
  sentAt: r.sent_at === null ? null : Number(r.sent_at),
});

/** GET /mail/outbox: newest first, by status and recipient. */
export async function listOutbox(db: Kysely<Database>, me: SessionUser, { pageNum, pageSize, ...f }: MailOutboxQuery) {
  requireRoot(me);
  const { rows, total } = await repo.listMails(db, f, pageSize, (pageNum - 1) * pageSize);
  return { rows: rows.map((r) => toRow(me, r)), total };
}

/** GET /mail/outbox/:id: the mail as it was (or will be) sent. */
export async function getMail(db: Kysely<Database>, me: SessionUser, id: number): Promise<MailDetail> {
  requireRoot(me);
  const m = await repo.findMail(db, id);
  if (!m) throw notFound();
  return { ...toRow(me, m), text: m.text, html: m.html };
}
