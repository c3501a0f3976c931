/**
 * The pure half of a batch's faults (issue 18): from the batch's fault and recover events and the
 * faults already open for those devices, which records open, which count up, which the device
 * cleared, the history rows and each device's run state. The SQL is in fault.repository.ts.
 *
 * - A code reported while a record for it is open (unrepaired) counts up: occurrences + 1 and the
 *   last-seen time. It is written to the history as 'recurred' only when it comes back after the
 *   device cleared it, or after `RECURRED_GAP_MS` of silence: a device repeating its alarm every
 *   few seconds would otherwise bury the history (the person's steps) under identical rows, while
 *   the count and the last-seen time still show every report.
 * - Once the record is fixed, the same code opens a new record.
 * - A recover event stamps `recovered_at` on the open record of its code ('recovered' in the
 *   history); the record stays open until a person repairs it.
 */

export const RECURRED_GAP_MS = 3_600_000;

export interface OpenFault {
  id: number;
  deviceId: number;
  code: string;
  occurrences: number;
  lastSeenAt: number;
  recoveredAt: number | null;
}

export interface FaultReport {
  kind: 'fault' | 'recover';
  deviceId: number;
  code: string;
  message?: string;
  ts: number;
}

/** A record to open: `key` is `${deviceId}|${code}` (one new record per key in a batch). */
export interface NewFault {
  key: string;
  deviceId: number;
  code: string;
  message: string | null;
  openedAt: number;
  occurrences: number;
  lastSeenAt: number;
  recoveredAt: number | null;
}

/** A history row: of an existing record (`faultId`) or of one this batch opens (`key`). */
export interface FaultHistoryRow {
  faultId?: number;
  key?: string;
  at: number;
  action: 'opened' | 'recurred' | 'recovered';
}

export interface FaultChanges {
  opened: NewFault[];
  /** existing records that changed, by id */
  updated: Map<number, { occurrences: number; lastSeenAt: number; recoveredAt: number | null }>;
  history: FaultHistoryRow[];
  /** devices whose latest event (by ts) is a fault: run state 'failure' */
  failed: number[];
  /** devices whose latest event is a recover: back to 'run' from 'failure' */
  running: number[];
}

export const faultKey = (deviceId: number, code: string) => `${deviceId}|${code}`;

/** Applies the batch's reports, in time order, to the open records. */
export function settleFaults(reports: readonly FaultReport[], open: readonly OpenFault[]): FaultChanges {
  type State = { occurrences: number; lastSeenAt: number; recoveredAt: number | null };
  const existing = new Map<string, OpenFault & State>();
  for (const f of open) {
    const key = faultKey(f.deviceId, f.code);
    // two open records of one code (never made by this code): the older one takes the reports
    const prev = existing.get(key);
    if (!prev || f.id < prev.id) existing.set(key, { ...f });
  }
  const opened = new Map<string, NewFault>();
  const touched = new Set<number>();
  const history: FaultHistoryRow[] = [];
  const lastKind = new Map<number, FaultReport['kind']>();
  const sorted = reports.map((r, i) => ({ r, i })).sort((a, b) => a.r.ts - b.r.ts || a.i - b.i);
  for (const { r } of sorted) {
    lastKind.set(r.deviceId, r.kind);
    const key = faultKey(r.deviceId, r.code);
    const old = existing.get(key);
    const fresh = opened.get(key);
    const target: State | undefined = old ?? fresh;
    const ref = old ? { faultId: old.id } : { key };
    if (r.kind === 'recover') {
      if (!target || target.recoveredAt !== null) continue;
      target.recoveredAt = r.ts;
      history.push({ ...ref, at: r.ts, action: 'recovered' });
      if (old) touched.add(old.id);
      continue;
    }
    if (!target) {
      opened.set(key, {
        key,
        deviceId: r.deviceId,
        code: r.code,
        message: r.message ?? null,
        openedAt: r.ts,
        occurrences: 1,
        lastSeenAt: r.ts,
        recoveredAt: null,
      });
      history.push({ key, at: r.ts, action: 'opened' });
      continue;
    }
    if (target.recoveredAt !== null || r.ts - target.lastSeenAt >= RECURRED_GAP_MS)
      history.push({ ...ref, at: r.ts, action: 'recurred' });
    target.occurrences += 1;
    target.lastSeenAt = Math.max(target.lastSeenAt, r.ts);
    target.recoveredAt = null;
    if (old) touched.add(old.id);
  }
  const updated = new Map<number, State>();
  for (const f of existing.values())
    if (touched.has(f.id))
      updated.set(f.id, { occurrences: f.occurrences, lastSeenAt: f.lastSeenAt, recoveredAt: f.recoveredAt });
  const byKind = (k: FaultReport['kind']) =>
    [...lastKind]
      .filter(([, v]) => v === k)
      .map(([id]) => id)
      .sort((a, b) => a - b);
  return { opened: [...opened.values()], updated, history, failed: byKind('fault'), running: byKind('recover') };
}
