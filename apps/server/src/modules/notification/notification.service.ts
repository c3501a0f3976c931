import {
  DEFAULT_NOTIFICATION_PREFS,
  DEFAULT_TIME_ZONE,
  faultCodeTexts,
  faultCodeTextFor,
  LANGUAGES,
  severityAtLeast,
  translate,
  type Language,
  type MessageKey,
  type NotificationPrefs,
  type NotificationPrefsData,
  type NotificationQuery,
  type NotificationRow,
} from '@pv/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { NotificationsTable } from './notification.tables.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import type { EventBus } from '../../plugins/bus.js';
import { queueMail, type MailMessage, type MailText, type Outbox } from '../mail/index.js';
import * as repo from './notification.repository.js';

export const FAULT_NOTIFY_JOB = 'fault-notify';
/** Fault events read per run at most. */
const EVENTS_PER_RUN = 500;
/**
 * An id the cursor has not seen while a later one is there belongs to a transaction still under
 * way (several processes write fault events on PostgreSQL) or to one rolled back: the cursor waits
 * this long for it before it moves past.
 */
export const GAP_WAIT_MS = 30_000;

/** Where the fault-notify job stands (job_runs.state): every event id up to `cursor` is done, and so are the ids in `done`. */
export interface FaultNotifyState {
  cursor: number;
  done: number[];
  /** the first missing id after the cursor, and since when it is missed */
  gap?: { id: number; since: number };
}

const languageOf = (lang: string | null | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : 'en';

const LOCALES: Record<Language, string> = { en: 'en-GB', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP' };

/** What a fault notification keeps (title_values), so its line can be written in any reader's language. */
interface FaultValues {
  code: string;
  device: string;
  plant: string | null;
  /** the catalogue's title per language, when the code is in the catalogue */
  titles: Partial<Record<Language, string>>;
  message: string | null;
}

const titleIn = (v: FaultValues, lang: Language) => v.titles[lang] ?? v.titles.en ?? v.message ?? v.code;

function readState(previous: unknown): FaultNotifyState | undefined {
  if (!previous || typeof previous !== 'object') return undefined;
  const s = previous as Partial<FaultNotifyState>;
  if (typeof s.cursor !== 'number') return undefined;
  return {
    cursor: s.cursor,
    done: Array.isArray(s.done) ? s.done.filter((n) => typeof n === 'number') : [],
    gap: s.gap,
  };
}

/**
 * Moves the cursor over the events read (ascending ids after it): over each next id, and over a
 * missing one once it has been missed for GAP_WAIT_MS; the rest stays for the next run.
 */
export function advanceCursor(
  state: FaultNotifyState,
  ids: number[],
  processed: number[],
  now: number,
): FaultNotifyState {
  let { cursor, gap } = state;
  for (const id of ids) {
    if (id <= cursor) continue;
    if (id !== cursor + 1) {
      if (!gap || gap.id !== cursor + 1) gap = { id: cursor + 1, since: now };
      if (now - gap.since < GAP_WAIT_MS) break;
    }
    cursor = id;
    gap = undefined;
  }
  const done = [...new Set([...state.done, ...processed])].filter((id) => id > cursor).sort((a, b) => a - b);
  return { cursor, done, ...(gap && { gap }) };
}

type Opened = Awaited<ReturnType<typeof repo.openedFaults>>[number];

async function faultValues(
  db: Kysely<Database>,
  f: Opened,
): Promise<{ values: FaultValues; actions: Partial<Record<Language, string>> }> {
  const titles: Partial<Record<Language, string>> = {};
  const actions: Partial<Record<Language, string>> = {};
  const stored = await repo.catalogueTexts(db, f.code, f.productId);
  if (stored) {
    let json: unknown;
    try {
      json = JSON.parse(stored);
    } catch {
      json = undefined;
    }
    const texts = faultCodeTexts.safeParse(json);
    if (texts.success)
      for (const lang of LANGUAGES) {
        const t = faultCodeTextFor(texts.data, lang);
        titles[lang] = t.title;
        if (t.action) actions[lang] = t.action;
      }
  }
  const device = f.deviceName && f.deviceName !== f.sn ? `${f.deviceName} (${f.sn})` : f.sn;
  return { values: { code: f.code, device, plant: f.plantName, titles, message: f.message }, actions };
}

function formatTime(ms: number, lang: Language, timeZone: string) {
  try {
    return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(ms);
  } catch {
    return new Date(ms).toISOString();
  }
}

/** The mail telling `name` in `lang` that fault `f` opened. */
function faultMail(
  f: Opened,
  v: FaultValues,
  actions: Partial<Record<Language, string>>,
  to: { email: string; name: string; lang: Language },
): MailMessage {
  const { lang } = to;
  const severity: MailText = { key: `mail.severity.${f.severity}` };
  const plant = v.plant ?? translate(lang, 'mail.noPlant');
  const title = titleIn(v, lang);
  const timeZone = f.timeZone ?? DEFAULT_TIME_ZONE;
  const fields: [MessageKey, string | MailText][] = [
    ['mail.field.fault', `${v.code} · ${title}`],
    ['mail.field.severity', severity],
    ['mail.field.plant', plant],
    ['mail.field.device', v.device],
    ['mail.field.openedAt', `${formatTime(Number(f.openedAt), lang, timeZone)} (${timeZone})`],
  ];
  if (v.message && v.message !== title) fields.push(['mail.field.message', v.message]);
  const action = actions[lang] ?? actions.en;
  if (action) fields.push(['mail.field.action', action]);
  return {
    to: to.email,
    lang,
    template: 'faultOpened',
    subject: { key: 'mail.faultOpened.subject', values: { severity, plant, title } },
    blocks: [
      { key: 'mail.faultOpened.greeting', values: { name: to.name } },
      { key: 'mail.faultOpened.intro', values: { plant } },
      { fields },
      { key: 'mail.faultOpened.outro' },
      { key: 'mail.footer.prefs' },
    ],
  };
}

/**
 * One run of the fault-notify job: the faults opened since the cursor (fault_events 'opened'), each
 * told to its recipients by their preferences: notifications and outbox mails, written with the
 * new cursor in one transaction (a crash repeats nothing and loses nothing). The first run ever
 * starts at the newest event: what happened before is history, not news. Answers the users whose
 * unread count changed, with the count, for the live streams.
 */
export async function notifyNewFaults(
  db: Kysely<Database>,
  outbox: Outbox,
  previous: unknown,
  now = Date.now(),
): Promise<[number, number][]> {
  const state = readState(previous);
  if (!state) {
    const start: FaultNotifyState = { cursor: await repo.maxFaultEventId(db), done: [] };
    await repo.saveJobState(db, FAULT_NOTIFY_JOB, JSON.stringify(start), null);
    return [];
  }
  const events = await repo.faultEventsAfter(db, state.cursor, EVENTS_PER_RUN);
  if (!events.length) return [];
  const done = new Set(state.done);
  const opened = events.filter((e) => e.action === 'opened' && !done.has(e.id)).map((e) => e.id);
  const notifications: Insertable<NotificationsTable>[] = [];
  const mails: MailMessage[] = [];
  for (const f of opened.length ? await repo.openedFaults(db, opened) : []) {
    const severity = f.severity;
    const { values, actions } = await faultValues(db, f);
    for (const u of await repo.faultRecipients(db, f.orgId, f.orgPath)) {
      const prefs: NotificationPrefs = {
        console: u.console === null ? DEFAULT_NOTIFICATION_PREFS.console : u.console === 1,
        mail: u.mail === null ? DEFAULT_NOTIFICATION_PREFS.mail : u.mail === 1,
        minSeverity: u.minSeverity ?? DEFAULT_NOTIFICATION_PREFS.minSeverity,
        mailMinSeverity: u.mailMinSeverity ?? DEFAULT_NOTIFICATION_PREFS.mailMinSeverity,
        lang: languageOf(u.lang),
      };
      if (prefs.console && severityAtLeast(severity, prefs.minSeverity))
        notifications.push({
          user_id: u.id,
          kind: 'fault',
          fault_id: f.id,
          severity,
          title_key: 'notification.faultTitle',
          title_values: JSON.stringify(values),
          text: null,
          created_at: now,
          read_at: null,
        });
      if (prefs.mail && u.email && severityAtLeast(severity, prefs.mailMinSeverity))
        mails.push(faultMail(f, values, actions, { email: u.email, name: u.nickname, lang: prefs.lang }));
    }
  }
  const next = advanceCursor(
    state,
    events.map((e) => e.id),
    opened,
    now,
  );
  await inTransaction(db, async (trx) => {
    await repo.insertNotifications(trx, notifications);
    for (const m of mails) await queueMail(trx, outbox, m, now);
    // the state as this run read it (JSON of what the previous run wrote): a run that overlapped
    // this one (its process stalled past the job's stale limit) has moved it, and this one writes nothing
    if (!(await repo.saveJobState(trx, FAULT_NOTIFY_JOB, JSON.stringify(next), JSON.stringify(previous))))
      throw new Error('fault-notify: another run moved the cursor; this run is undone');
  });
  const told = [...new Set(notifications.map((n) => n.user_id))];
  const counts = await repo.unreadCounts(db, told);
  return told.map((id) => [id, counts.get(id) ?? 0]);
}

// ---- a user's notifications ----

type StoredRow = Awaited<ReturnType<typeof repo.listNotifications>>['rows'][number];

/** A stored notification as the caller reads it, in the caller's language. */
export function renderNotification(r: StoredRow, lang: string): NotificationRow {
  const l = languageOf(lang);
  let v: FaultValues;
  try {
    v = JSON.parse(r.title_values) as FaultValues;
  } catch {
    v = { code: '', device: '', plant: null, titles: {}, message: r.text };
  }
  const severity = translate(l, `mail.severity.${r.severity}`);
  return {
    id: r.id,
    kind: r.kind,
    faultId: r.fault_id,
    severity: r.severity,
    title: translate(l, r.title_key, { severity, code: v.code, title: titleIn({ ...v, titles: v.titles ?? {} }, l) }),
    body: translate(l, 'notification.faultBody', {
      device: v.device,
      plant: v.plant ?? translate(l, 'mail.noPlant'),
    }),
    createdAt: Number(r.created_at),
    readAt: r.read_at === null ? null : Number(r.read_at),
  };
}

export interface NotificationDeps {
  db: Kysely<Database>;
  bus: EventBus;
}

/** GET /notifications: the caller's own, newest first, with their unread count. */
export async function listNotifications(
  db: Kysely<Database>,
  me: SessionUser,
  lang: string,
  { pageNum, pageSize, unread }: NotificationQuery,
) {
  const [{ rows, total }, count] = await Promise.all([
    repo.listNotifications(db, me.id, unread ?? false, pageSize, (pageNum - 1) * pageSize),
    repo.unreadCount(db, me.id),
  ]);
  return { rows: rows.map((r) => renderNotification(r, lang)), total, unread: count };
}

export async function unreadCount(db: Kysely<Database>, me: SessionUser) {
  return { unread: await repo.unreadCount(db, me.id) };
}

/** The user's other tabs update their bell too. */
async function tell({ db, bus }: NotificationDeps, userId: number) {
  const unread = await repo.unreadCount(db, userId);
  await bus.publish({ type: 'notifications', at: Date.now(), users: [[userId, unread]] });
  return { unread };
}

/** PUT /notifications/:id/read: only one's own (another user's answers 404, as one that does not exist). */
export async function markRead(deps: NotificationDeps, me: SessionUser, id: number) {
  if (!(await repo.markRead(deps.db, me.id, id, Date.now()))) throw notFound();
  return tell(deps, me.id);
}

export async function markAllRead(deps: NotificationDeps, me: SessionUser) {
  await repo.markAllRead(deps.db, me.id, Date.now());
  return tell(deps, me.id);
}

/** How long a notification is kept, read or not. */
export const NOTIFICATION_RETENTION_MS = 90 * 86_400_000;

/** The notify-prune job: notifications older than the retention go, a slice at a time; answers how many. */
export async function pruneNotifications(db: Kysely<Database>, now = Date.now(), slice = 5000) {
  let removed = 0;
  for (;;) {
    const n = await repo.deleteNotificationsBefore(db, now - NOTIFICATION_RETENTION_MS, slice);
    removed += n;
    if (n < slice) return removed;
  }
}

// ---- preferences ----

/** GET /profile/notification-prefs: what is saved, else the defaults; and where mails go. */
export async function getPrefs(db: Kysely<Database>, me: SessionUser): Promise<NotificationPrefsData> {
  const [row, email] = await Promise.all([repo.findPrefs(db, me.id), repo.userEmail(db, me.id)]);
  const prefs: NotificationPrefs = row
    ? {
        console: row.console === 1,
        mail: row.mail === 1,
        minSeverity: row.min_severity,
        mailMinSeverity: row.mail_min_severity,
        lang: languageOf(row.lang),
      }
    : DEFAULT_NOTIFICATION_PREFS;
  return { ...prefs, email };
}

export async function savePrefs(db: Kysely<Database>, me: SessionUser, prefs: NotificationPrefs) {
  await repo.savePrefs(db, {
    user_id: me.id,
    console: prefs.console ? 1 : 0,
    mail: prefs.mail ? 1 : 0,
    min_severity: prefs.minSeverity,
    mail_min_severity: prefs.mailMinSeverity,
    lang: prefs.lang,
    updated_at: Date.now(),
  });
}

/** A sign-in: the language it came in becomes the user's mail language, unless they have preferences already. */
export async function rememberSignInLanguage(db: Kysely<Database>, userId: number, lang: string) {
  await repo.insertPrefsIfNone(db, {
    user_id: userId,
    console: DEFAULT_NOTIFICATION_PREFS.console ? 1 : 0,
    mail: DEFAULT_NOTIFICATION_PREFS.mail ? 1 : 0,
    min_severity: DEFAULT_NOTIFICATION_PREFS.minSeverity,
    mail_min_severity: DEFAULT_NOTIFICATION_PREFS.mailMinSeverity,
    lang: languageOf(lang),
    updated_at: Date.now(),
  });
}
