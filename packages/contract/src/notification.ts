import { z } from 'zod';
import { pageQuery } from './api.js';
import { LANGUAGES } from './constants.js';
import { FAULT_SEVERITIES, type FaultSeverity } from './fault.js';

/**
 * Notifications (issue 18): when a fault opens, the users of its organisation and of the
 * organisations above it (below ROOT) who may list faults and whose data scope covers the device
 * are told, each by their own preferences: in the console (the navbar's bell, live over the event
 * stream as `event: notifications` with the new unread count) and / or by e-mail in their language.
 */

export const NOTIFICATION_KINDS = ['fault'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** GET /notifications: newest first; `unread=true` only the unread ones. */
export const notificationQuery = /* @__PURE__ */ pageQuery.extend({
  unread: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type NotificationQuery = z.infer<typeof notificationQuery>;

export const notificationRow = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** the fault it is about (the console links to the fault list's drawer); null once the fault is gone */
  faultId: z.number().nullable(),
  severity: z.enum(FAULT_SEVERITIES),
  /** one line in the caller's language: "Critical fault F07: Grid overvoltage" */
  title: z.string(),
  /** where, in the caller's language: "INV-0001 (SN …) · Plant name" */
  body: z.string(),
  createdAt: z.number(),
  /** null while unread */
  readAt: z.number().nullable(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

/** GET /notifications answers a page and the caller's unread count (the bell's badge). */
export const notificationPage = z.object({
  rows: z.array(notificationRow),
  total: z.number(),
  unread: z.number(),
});
export type NotificationPage = z.infer<typeof notificationPage>;

/** GET /notifications/unread-count, PUT /notifications/:id/read, PUT /notifications/read-all. */
export const unreadCount = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof unreadCount>;

/**
 * GET / PUT /profile/notification-prefs: how the signed-in user is told. `minSeverity` is the
 * least severe fault shown in the console, `mailMinSeverity` the least severe one mailed (FAULT_SEVERITIES
 * runs from the most to the least severe). `lang` is the language of the mails (by default the one
 * of the user's first sign-in). Without saved preferences the defaults below apply.
 */
export const notificationPrefs = z.object({
  console: z.boolean(),
  mail: z.boolean(),
  minSeverity: z.enum(FAULT_SEVERITIES),
  mailMinSeverity: z.enum(FAULT_SEVERITIES),
  lang: z.enum(LANGUAGES),
});
export type NotificationPrefs = z.infer<typeof notificationPrefs>;
/** The answer of GET: the preferences and the e-mail address mails go to (null: the user has none, so no mail). */
export const notificationPrefsData = /* @__PURE__ */ notificationPrefs.extend({ email: z.string().nullable() });
export type NotificationPrefsData = z.infer<typeof notificationPrefsData>;

export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefs = {
  console: true,
  mail: true,
  minSeverity: 'warning',
  mailMinSeverity: 'major',
  lang: 'en',
};

/** True when a fault of `severity` is at least as severe as `min`. */
export function severityAtLeast(severity: FaultSeverity, min: FaultSeverity): boolean {
  return FAULT_SEVERITIES.indexOf(severity) <= FAULT_SEVERITIES.indexOf(min);
}

/** The live event a user's streams get when their unread count changes (a new notification, read elsewhere). */
export const notificationsEvent = z.object({
  type: z.literal('notifications'),
  at: z.number(),
  unread: z.number(),
});
export type NotificationsEvent = z.infer<typeof notificationsEvent>;

/** The outbox: every mail is written there first and sent by a periodic job (no SMTP_URL: it stays 'stored'). */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'stored'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** GET /mail/outbox (permission mail:outbox, ROOT organisation): newest first. */
export const mailOutboxQuery = /* @__PURE__ */ pageQuery.extend({
  status: z.enum(MAIL_STATUSES).optional(),
  /** the recipient's address (part of it) */
  to: z.string().trim().max(254).optional(),
});
export type MailOutboxQuery = z.infer<typeof mailOutboxQuery>;

export const mailRow = z.object({
  id: z.number(),
  /** the recipient (masked for a role without the sensitive-data grant) */
  to: z.string(),
  lang: z.enum(LANGUAGES),
  subject: z.string(),
  /** what made it: 'faultOpened', … */
  template: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number(),
  /** the next try of a queued mail (epoch ms) */
  nextAttemptAt: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  sentAt: z.number().nullable(),
});
export type MailRow = z.infer<typeof mailRow>;

/** GET /mail/outbox/:id: the mail as it was (or will be) sent. */
export const mailDetail = /* @__PURE__ */ mailRow.extend({
  text: z.string(),
  html: z.string().nullable(),
});
export type MailDetail = z.infer<typeof mailDetail>;
