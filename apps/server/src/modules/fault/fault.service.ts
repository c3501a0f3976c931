import {
  FAULT_DATA_MAX_POINTS,
  FAULT_PROCESSING,
  FAULT_TRANSITIONS,
  canTransition,
  faultCodeTextFor,
  pointName,
  translate,
  type FaultCodeRow,
  type FaultCounts,
  type FaultData,
  type FaultDetail,
  type FaultFilters,
  type FaultProcessing,
  type FaultQuery,
  type FaultTransition,
  type MessageKey,
} from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DialectName } from '../../db/dialect.js';
import { inTransaction } from '../../db/transaction.js';
import { ApiError, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import { localTime, type XlsxColumn, type XlsxExport } from '../../lib/xlsx-export.js';
import { deviceData as data } from '../device/index.js';
import * as repo from './fault.repository.js';

/*
 * Faults opened by device events (ingest/fault.repository.ts) and worked on by people:
 * open → acknowledged → inProgress → fixed, open or acknowledged straight to fixed (repair).
 * Every step is checked here (the fault in the caller's scope: 404; a legal step: 409) and written
 * with its history row in one transaction; the audit hook records the request.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The list's filters with `days` made a `from`. */
function resolve({ days, ...f }: FaultFilters, now = Date.now()): repo.Filters {
  if (!days) return f;
  const since = now - days * DAY;
  return { ...f, from: Math.max(f.from ?? 0, since) };
}

export function listFaults(db: Kysely<Database>, me: SessionUser, q: FaultQuery, lang = 'en') {
  const { pageNum, pageSize, sortField, sortOrder, ...filters } = q;
  const sort: repo.Sort = { field: sortField ?? 'openedAt', order: sortOrder ?? 'descend' };
  return repo.listFaults(db, me, resolve(filters), pageSize, (pageNum - 1) * pageSize, sort, lang);
}

/** The tabs: per processing state, the faults matching the other filters. */
export async function faultCounts(db: Kysely<Database>, me: SessionUser, q: FaultFilters): Promise<FaultCounts> {
  const { processing: _p, state: _s, ...filters } = q;
  const counts: FaultCounts = { all: 0, open: 0, acknowledged: 0, inProgress: 0, fixed: 0 };
  for (const { processing, n } of await repo.countByProcessing(db, me, resolve(filters))) {
    if ((FAULT_PROCESSING as readonly string[]).includes(processing)) counts[processing] += n;
    counts.all += n;
  }
  return counts;
}

const EXPORT_COLUMNS: readonly XlsxColumn[] = [
  { key: 'id', header: 'faultExport.id', width: 10 },
  { key: 'openedAt', header: 'faultExport.openedAt', width: 20 },
  { key: 'plantTimeZone', header: 'faultExport.timeZone', width: 20 },
  { key: 'plantName', header: 'faultExport.plantName', width: 22 },
  { key: 'deviceName', header: 'faultExport.deviceName', width: 24 },
  { key: 'sn', header: 'faultExport.sn', width: 18 },
  { key: 'code', header: 'faultExport.code', width: 10 },
  { key: 'title', header: 'faultExport.title', width: 30 },
  { key: 'message', header: 'faultExport.message', width: 30 },
  { key: 'severity', header: 'faultExport.severity', width: 12 },
  { key: 'state', header: 'faultExport.state', width: 12 },
  { key: 'processing', header: 'faultExport.processing', width: 14 },
  { key: 'occurrences', header: 'faultExport.occurrences', width: 12 },
  { key: 'lastSeenAt', header: 'faultExport.lastSeenAt', width: 20 },
  { key: 'recoveredAt', header: 'faultExport.recoveredAt', width: 20 },
  { key: 'fixedAt', header: 'faultExport.fixedAt', width: 20 },
  { key: 'handledBy', header: 'faultExport.handledBy', width: 16 },
  { key: 'handledAt', header: 'faultExport.handledAt', width: 20 },
  { key: 'durationH', header: 'faultExport.durationH', width: 12, numFmt: '0.0' },
];

/** The filtered list as an export: times in each plant's zone, names of states in the caller's language. */
export function exportFaults(
  db: Kysely<Database>,
  me: SessionUser,
  q: FaultFilters,
  lang: string,
): XlsxExport<Record<string, unknown>> {
  const filters = resolve(q);
  async function* rows() {
    for await (const r of repo.iterateFaults(db, me, filters, lang)) {
      const zone = r.plantTimeZone;
      yield {
        ...r,
        plantTimeZone: zone ?? 'UTC',
        openedAt: localTime(r.openedAt, zone, lang),
        lastSeenAt: localTime(r.lastSeenAt, zone, lang),
        recoveredAt: localTime(r.recoveredAt, zone, lang),
        fixedAt: localTime(r.fixedAt, zone, lang),
        handledAt: localTime(r.handledAt, zone, lang),
        severity: translate(lang, `faultSeverity.${r.severity}`),
        state: translate(lang, `faultState.${r.state}`),
        processing: translate(lang, `faultProcessing.${r.processing}`),
        durationH: Math.round(r.durationMs / 360_000) / 10,
      };
    }
  }
  return { filename: 'faults.xlsx', sheet: 'faultExport.sheet', columns: EXPORT_COLUMNS, rows: rows() };
}

async function mustFind(db: Kysely<Database>, me: SessionUser, id: number, lang?: string) {
  const fault = await repo.findFault(db, me, id, lang);
  if (!fault) throw notFound();
  return fault;
}

/** One fault of the caller's scope with its suggested action and history (404 outside it). */
export async function faultDetail(
  db: Kysely<Database>,
  me: SessionUser,
  id: number,
  lang: string,
): Promise<FaultDetail> {
  const fault = await mustFind(db, me, id, lang);
  return { ...fault, history: await repo.faultHistory(db, fault.id), canHandle: me.perms.has('fault:repair') };
}

/** The database and its dialect: the point reads differ per dialect (JSON functions). */
export interface FaultDataDeps {
  db: Kysely<Database>;
  dialect: DialectName;
}

const numericNames = (text: string | null, numbersOnly: boolean) => {
  try {
    const v = JSON.parse(text ?? '{}') as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return [];
    return Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => !numbersOnly || typeof x === 'number')
      .map(([n]) => n);
  } catch {
    return [];
  }
};

/**
 * The device's points around a fault: an hour before it opened to an hour after it was fixed (or
 * now), from the 5-minute rollups the device pages read (hourly beyond two days).
 */
export async function faultData(
  { db, dialect }: FaultDataDeps,
  me: SessionUser,
  id: number,
  points?: string,
): Promise<FaultData> {
  const fault = await mustFind(db, me, id);
  const now = Date.now();
  const from = fault.openedAt - HOUR;
  const to = Math.min(now, (fault.fixedAt ?? now) + HOUR);
  const stepMs = to - from <= 2 * DAY ? 300_000 : HOUR;
  const { lastPoints, rollupPoints } = await data.latestPoints(db, fault.deviceId);
  const names = [...new Set([...numericNames(lastPoints, true), ...numericNames(rollupPoints, false)])]
    .filter((n) => pointName.safeParse(n).success)
    .sort();
  const wanted = points
    ? points
        .split(',')
        .map((p) => p.trim())
        .filter((p) => pointName.safeParse(p).success)
    : names;
  const chosen = [...new Set(wanted)].slice(0, FAULT_DATA_MAX_POINTS);
  const series = await Promise.all(
    chosen.map(async (point) => ({
      point,
      data: await data.pointHistory(db, dialect, fault.deviceId, point, from, to, stepMs),
    })),
  );
  return { from, to, stepMs, points: names, series };
}

/** The refusal of a step from `processing`: 409 with what stands in the way. */
function refusal(processing: FaultProcessing, action: FaultTransition | 'note'): ApiError {
  let key: MessageKey = 'error.faultNotOpen';
  if (processing === 'fixed') key = action === 'note' ? 'error.faultFixedNoNote' : 'error.alreadyFixed';
  else if (action === 'start' && processing === 'inProgress') key = 'error.faultAlreadyStarted';
  return new ApiError(409, key);
}

const EVENT_OF = { acknowledge: 'acknowledged', start: 'started', repair: 'fixed' } as const;

/** What the audit entry says of a step. */
export interface FaultAuditNote {
  summary: string;
  recordId: number;
}

/**
 * One step of a fault (acknowledge, start, repair) with an optional note: 404 outside the scope,
 * 409 when its processing state does not allow it (checked again by the update itself, so two
 * people acting at once cannot both move it). A repair sets the repair status fixed and, once no
 * fault of the device is open, the device's run state back to normal.
 */
export async function transition(
  db: Kysely<Database>,
  me: SessionUser,
  id: number,
  action: FaultTransition,
  note?: string,
): Promise<FaultAuditNote> {
  const fault = await mustFind(db, me, id);
  if (!canTransition(fault.processing, action)) throw refusal(fault.processing, action);
  const { from, to } = FAULT_TRANSITIONS[action];
  const now = Date.now();
  await inTransaction(db, async (trx) => {
    const moved = await repo.moveFault(trx, fault.id, from, {
      processing: to,
      handled_by: me.id,
      handled_at: now,
      ...(action === 'repair' && { state: 'fixed' as const, fixed_at: now }),
    });
    if (!moved) throw refusal((await repo.processingOf(trx, fault.id)) ?? fault.processing, action);
    await repo.addFaultEvent(trx, {
      faultId: fault.id,
      at: now,
      userId: me.id,
      action: EVENT_OF[action],
      note: note ?? null,
    });
    if (action === 'repair' && !(await repo.hasOpenFault(trx, fault.deviceId)))
      await repo.clearFailure(trx, fault.deviceId);
  });
  return { summary: `${action} ${fault.code} ${fault.sn}`, recordId: fault.id };
}

/** A note on a fault that is not fixed (409 once it is: the record is closed). */
export async function addNote(
  db: Kysely<Database>,
  me: SessionUser,
  id: number,
  note: string,
): Promise<FaultAuditNote> {
  const fault = await mustFind(db, me, id);
  if (fault.processing === 'fixed') throw refusal('fixed', 'note');
  await repo.addFaultEvent(db, { faultId: fault.id, at: Date.now(), userId: me.id, action: 'note', note });
  return { summary: `note ${fault.code} ${fault.sn}`, recordId: fault.id };
}

/** The catalogue in the caller's language (English where an entry has no text in it). */
export async function faultCodes(db: Kysely<Database>, lang: string, productId?: number): Promise<FaultCodeRow[]> {
  return (await repo.listFaultCodes(db, productId)).map((r) => {
    const text = r.texts ? faultCodeTextFor(r.texts, lang) : undefined;
    return {
      id: r.id,
      productId: r.product_id,
      productName: r.product_name,
      code: r.code,
      severity: r.severity,
      title: text?.title ?? r.code,
      action: text?.action ?? '',
    };
  });
}
