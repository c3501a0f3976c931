import {
  DEFAULT_DATE_FORMAT,
  historyWindow,
  pointName,
  type HistoryData,
  type HistoryQuery,
  type SamplesFilters,
  type SamplesPage,
  type SamplesQuery,
} from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DialectName } from '../../db/dialect.js';
import { notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import type { XlsxExport } from '../../lib/xlsx-export.js';
import * as repo from './data.repository.js';
import { deviceVisible } from './device.repository.js';

/** The database and its dialect: the point and sample reads differ per dialect (JSON functions). */
export interface DataDeps {
  db: Kysely<Database>;
  dialect: DialectName;
}

const parsePoints = (text: string | null): Record<string, unknown> => {
  try {
    const v = JSON.parse(text ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** A device the caller may see (scope or plant grant), else 404. */
async function visible(db: Kysely<Database>, me: SessionUser, id: number) {
  const device = await deviceVisible(db, me, { id });
  if (!device) throw notFound();
  return device;
}

/** The point names of a device that can be charted: its latest numeric points and its latest rollup's. */
export async function chartablePoints(db: Kysely<Database>, me: SessionUser, id: number) {
  const device = await visible(db, me, id);
  const { lastPoints, rollupPoints } = await repo.latestPoints(db, device.id);
  // numbers only: text and flags are in the samples (data acquisition), not in the rollups a chart reads
  const numeric = Object.entries(parsePoints(lastPoints)).filter(([, v]) => typeof v === 'number');
  const names = new Set([...numeric.map(([n]) => n), ...Object.keys(parsePoints(rollupPoints))]);
  // only names the history can read (a device may send others; the samples keep them)
  return { points: [...names].filter((n) => pointName.safeParse(n).success).sort() };
}

/** One point of a device over a history range, from the 5-minute rollups. */
export async function pointHistory(
  { db, dialect }: DataDeps,
  me: SessionUser,
  id: number,
  { point, range }: HistoryQuery,
): Promise<HistoryData> {
  const device = await visible(db, me, id);
  const { from, to, stepMs } = historyWindow(range, Date.now());
  const series = await repo.pointHistory(db, dialect, device.id, point, from, to, stepMs);
  return { point, stepMs, from, to, series };
}

/** One page of a device's raw samples with the point names found on it (the table's columns). */
export async function listSamples(db: Kysely<Database>, me: SessionUser, q: SamplesQuery): Promise<SamplesPage> {
  const device = await visible(db, me, q.deviceId);
  const { rows, total } = await repo.listSamples(
    db,
    device.id,
    q.start,
    q.end,
    q.pageSize,
    (q.pageNum - 1) * q.pageSize,
  );
  const out = rows.map((r) => ({ ...r, points: parsePoints(r.points) }));
  const points = [...new Set(out.flatMap((r) => Object.keys(r.points)))].sort();
  return { rows: out, total, points };
}

/** A device's raw samples of a range as an export: the time, then one column per point found in the range. */
export async function exportSamples(
  { db, dialect }: DataDeps,
  me: SessionUser,
  { deviceId, start, end }: SamplesFilters,
): Promise<XlsxExport<Record<string, unknown>>> {
  const device = await visible(db, me, deviceId);
  const names = await repo.pointNamesInRange(db, dialect, device.id, start, end);
  async function* rows() {
    for await (const r of repo.iterateSamples(db, device.id, start, end))
      yield { ...parsePoints(r.points), __ts: new Date(r.ts) };
  }
  return {
    filename: `samples-${device.sn}.xlsx`,
    sheet: 'deviceExport.samplesSheet',
    columns: [
      { key: '__ts', header: 'deviceExport.ts', width: 22, date: DEFAULT_DATE_FORMAT },
      ...names.map((n) => ({ key: n, label: n, width: 14 })),
    ],
    rows: rows(),
  };
}
