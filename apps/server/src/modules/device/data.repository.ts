import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { jsonField, type DialectName } from '../../db/dialect.js';

/**
 * A device's point over a window, from the 5-minute rollups: each bucket of `stepMs` is the
 * sample-weighted average of the rollups in it (Σ avg·n / Σ n, n being the samples that had the
 * point: `point_n` where some samples lacked it, else the rollup's `n`), so an hour with a gap in
 * it still averages exactly the samples it had.
 */
export async function pointHistory(
  db: Kysely<Database>,
  dialect: DialectName,
  deviceId: number,
  point: string,
  from: number,
  to: number,
  stepMs: number,
) {
  // a literal step: bound numbers reach SQLite as floats, and the division must be an integer one
  const step = sql.lit(Math.trunc(stepMs));
  // the point is read from the JSON once per rollup (inner query), then weighted per step
  const inner = db
    .selectFrom('device_rollup_5m')
    .select([
      sql<number>`(bucket / ${step}) * ${step}`.as('t'),
      sql<number>`coalesce(${jsonField(dialect, 'point_n', point, 'number')}, n)`.as('n'),
      jsonField(dialect, 'points', point, 'number').as('v'),
    ])
    .where('device_id', '=', deviceId)
    .where('bucket', '>=', Math.floor(from / stepMs) * stepMs)
    .where('bucket', '<', to)
    .as('r');
  const rows = await db
    .selectFrom(inner)
    .select([
      'r.t',
      sql<number | null>`sum(r.v * r.n)`.as('s'),
      sql<number | null>`sum(case when r.v is not null then r.n end)`.as('w'),
    ])
    .groupBy('r.t')
    .orderBy('r.t')
    .execute();
  return rows.flatMap((r) => (r.w ? [[Number(r.t), Number(r.s) / Number(r.w)] as [number, number]] : []));
}

/** Every point name found in the samples of a range (the export's columns). */
export async function pointNamesInRange(
  db: Kysely<Database>,
  dialect: DialectName,
  deviceId: number,
  start: number,
  end: number,
): Promise<string[]> {
  const rows =
    dialect === 'postgres'
      ? await sql<{
          key: string;
        }>`select distinct jsonb_object_keys(points::jsonb) as key from samples where device_id = ${deviceId} and ts >= ${start} and ts <= ${end}`.execute(
          db,
        )
      : await sql<{
          key: string;
        }>`select distinct j.key as key from samples s, json_each(s.points) j where s.device_id = ${deviceId} and s.ts >= ${start} and s.ts <= ${end}`.execute(
          db,
        );
  return rows.rows.map((r) => r.key).sort();
}

/** A device's latest points and its latest rollup's averages, as stored (JSON text). */
export async function latestPoints(db: Kysely<Database>, deviceId: number) {
  const [d, rollup] = await Promise.all([
    db.selectFrom('devices').select('last_points').where('id', '=', deviceId).executeTakeFirst(),
    db
      .selectFrom('device_rollup_5m')
      .select('points')
      .where('device_id', '=', deviceId)
      .orderBy('bucket', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { lastPoints: d?.last_points ?? null, rollupPoints: rollup?.points ?? null };
}

/** One page of a device's samples in [start, end], newest first. */
export async function listSamples(
  db: Kysely<Database>,
  deviceId: number,
  start: number,
  end: number,
  limit: number,
  offset: number,
) {
  const q = db.selectFrom('samples').where('device_id', '=', deviceId).where('ts', '>=', start).where('ts', '<=', end);
  const [{ total }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    q.select(['ts', 'points', 'received_at']).orderBy('ts', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return {
    rows: rows.map((r) => ({ ts: Number(r.ts), receivedAt: Number(r.received_at), points: r.points })),
    total: Number(total),
  };
}

/** A device's samples in [start, end], newest first, in keyset batches on the (device_id, ts) key. */
export async function* iterateSamples(
  db: Kysely<Database>,
  deviceId: number,
  start: number,
  end: number,
  batch = 1000,
) {
  for (let before = end + 1; ;) {
    const rows = await db
      .selectFrom('samples')
      .select(['ts', 'points'])
      .where('device_id', '=', deviceId)
      .where('ts', '>=', start)
      .where('ts', '<', before)
      .orderBy('ts', 'desc')
      .limit(batch)
      .execute();
    yield* rows.map((r) => ({ ts: Number(r.ts), points: r.points }));
    if (rows.length < batch) return;
    before = Number(rows[rows.length - 1]!.ts);
  }
}
