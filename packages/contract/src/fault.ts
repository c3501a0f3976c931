import { z } from 'zod';
import { MAX_ID, pageQuery } from './api.js';
import {
  FAULT_ACTIONS,
  FAULT_NOTE_MAX,
  FAULT_PROCESSING,
  FAULT_SEVERITIES,
  FAULT_SORT_FIELDS,
  FAULT_STATES,
} from './fault-constants.js';

export * from './fault-constants.js';

/** The filters of the list, its counts and its export. */
export const faultFilters = z.object({
  plantId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  /** SN or device name (part of either) */
  device: z.string().trim().max(64).optional(),
  /** SN (part of it); kept for older links, `device` is the console's */
  sn: z.string().trim().max(64).optional(),
  code: z.string().trim().max(32).optional(),
  severity: z.enum(FAULT_SEVERITIES).optional(),
  processing: z.enum(FAULT_PROCESSING).optional(),
  state: z.enum(FAULT_STATES).optional(),
  /** opened at or after (epoch ms) */
  from: z.coerce.number().int().min(0).optional(),
  /** opened before (epoch ms) */
  to: z.coerce.number().int().min(0).optional(),
  /** only faults opened in the last N days (the dashboard's window is 30, spec §9) */
  days: z.coerce.number().int().min(1).max(3650).optional(),
});
export type FaultFilters = z.infer<typeof faultFilters>;

export const faultQuery = /* @__PURE__ */ pageQuery.extend(faultFilters.shape).extend({
  sortField: z.enum(FAULT_SORT_FIELDS).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
});
export type FaultQuery = z.infer<typeof faultQuery>;

export const faultRow = z.object({
  id: z.number(),
  deviceId: z.number(),
  sn: z.string(),
  deviceName: z.string(),
  plantId: z.number().nullable(),
  plantName: z.string().nullable(),
  /** IANA zone of the plant (opened-at shown in plant-local time); null without a plant */
  plantTimeZone: z.string().nullable(),
  code: z.string(),
  /** the catalogue's title in the caller's language, else the device's raw message, else the code */
  title: z.string(),
  /** the device's raw message */
  message: z.string().nullable(),
  severity: z.enum(FAULT_SEVERITIES),
  state: z.enum(FAULT_STATES),
  processing: z.enum(FAULT_PROCESSING),
  occurrences: z.number(),
  openedAt: z.number(),
  lastSeenAt: z.number(),
  /** the device reported the fault cleared (it stays open until someone repairs it) */
  recoveredAt: z.number().nullable(),
  fixedAt: z.number().nullable(),
  /** name of the last person who acted on it, and when */
  handledBy: z.string().nullable(),
  handledAt: z.number().nullable(),
  /** opened → fixed, or opened → now while it is open */
  durationMs: z.number(),
});
export type FaultRow = z.infer<typeof faultRow>;

export const faultEvent = z.object({
  id: z.number(),
  at: z.number(),
  action: z.enum(FAULT_ACTIONS),
  /** null: the device or the system */
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
});
export type FaultEvent = z.infer<typeof faultEvent>;

export const faultDetail = /* @__PURE__ */ faultRow.extend({
  /** the catalogue's suggested action in the caller's language; null for an unknown code */
  suggestedAction: z.string().nullable(),
  productName: z.string().nullable(),
  /** oldest first */
  history: z.array(faultEvent),
  /** the caller may acknowledge / start / repair / add notes (fault:repair) */
  canHandle: z.boolean(),
});
export type FaultDetail = z.infer<typeof faultDetail>;

/** Per processing state, the faults matching the filters (processing and state filters left out): the tabs. */
export const faultCounts = z.object({
  all: z.number(),
  open: z.number(),
  acknowledged: z.number(),
  inProgress: z.number(),
  fixed: z.number(),
});
export type FaultCounts = z.infer<typeof faultCounts>;

const note = z.string().trim().min(1, { message: 'validation.faultNote' }).max(FAULT_NOTE_MAX, {
  message: 'validation.faultNote',
});
export const faultNoteBody = z.object({ note });
export type FaultNoteBody = z.infer<typeof faultNoteBody>;
/** acknowledge / start / repair: an optional note; the body itself may be left out */
export const faultTransitionBody = z.object({ note: note.optional() }).nullish();
export type FaultTransitionBody = z.infer<typeof faultTransitionBody>;

/** The device's data around a fault: an hour before it opened to an hour after it was fixed (or now). */
export const faultDataQuery = z.object({
  /** comma-separated point names; default: the device's chartable points (at most FAULT_DATA_MAX_POINTS) */
  points: z.string().trim().max(512).optional(),
});
export const FAULT_DATA_MAX_POINTS = 8;
export const faultData = z.object({
  from: z.number(),
  to: z.number(),
  stepMs: z.number(),
  /** every chartable point of the device */
  points: z.array(z.string()),
  series: z.array(
    z.object({
      point: z.string(),
      /** [bucket start (epoch ms), average] in time order */
      data: z.array(z.tuple([z.number(), z.number()])),
    }),
  ),
});
export type FaultData = z.infer<typeof faultData>;

/** A catalogue entry's texts per language (en required; zh, es, ja as written). */
export const faultCodeText = z.object({ title: z.string().max(128), action: z.string().max(1000) });
export const faultCodeTexts = z.object({
  en: faultCodeText,
  zh: faultCodeText.optional(),
  es: faultCodeText.optional(),
  ja: faultCodeText.optional(),
});
export type FaultCodeTexts = z.infer<typeof faultCodeTexts>;

export const faultCodesQuery = z.object({ productId: z.coerce.number().int().positive().max(MAX_ID).optional() });
export const faultCodeRow = z.object({
  id: z.number(),
  /** null: any product */
  productId: z.number().nullable(),
  productName: z.string().nullable(),
  code: z.string(),
  severity: z.enum(FAULT_SEVERITIES),
  /** in the caller's language (English when it has none) */
  title: z.string(),
  action: z.string(),
});
export type FaultCodeRow = z.infer<typeof faultCodeRow>;

/** The catalogue text of `lang` (en, zh, es, ja; a region like zh-CN counts as zh), else English. */
export function faultCodeTextFor(texts: FaultCodeTexts, lang: string) {
  const l = lang.slice(0, 2).toLowerCase() as keyof FaultCodeTexts;
  return texts[l] ?? texts.en;
}
