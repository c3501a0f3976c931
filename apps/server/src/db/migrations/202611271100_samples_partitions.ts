import { sql } from 'kysely';
import { isPostgres, type Db } from './support.js';

const DAY = 86_400_000;
/** Days after today that get their partition now (the archive job keeps this many ahead afterwards). */
const AHEAD_DAYS = 3;

/** samples_pYYYYMMDD for the UTC day starting at `from` (epoch ms). */
const partitionName = (from: number) => `samples_p${new Date(from).toISOString().slice(0, 10).replace(/-/g, '')}`;

/**
 * PostgreSQL only: raw samples become a table range-partitioned by `ts`, one partition per UTC
 * day, so the archive drops a whole day instead of deleting its rows (docs/operations.md). The
 * rows already there move over: a partition for each day from the retention window on that has
 * any (and today plus the next days); older rows, and rows far in the future, go to the small
 * default partition, which the next archive run files/prunes (old) or empties into the day's
 * partition when it creates it (future). SQLite keeps its plain table.
 */
export async function up(db: Db): Promise<void> {
  if (!(await isPostgres(db))) return;
  await sql`alter table samples rename to samples_unpartitioned`.execute(db);
  await sql`alter table samples_unpartitioned rename constraint samples_pk to samples_unpartitioned_pk`.execute(db);
  await sql`
    create table samples (
      device_id integer not null references devices (id) on delete cascade,
      ts bigint not null,
      points text not null,
      received_at bigint not null,
      constraint samples_pk primary key (device_id, ts)
    ) partition by range (ts)`.execute(db);
  await sql`create table samples_default partition of samples default`.execute(db);

  const today = Math.floor(Date.now() / DAY) * DAY;
  const { rows: cfg } = await sql<{
    days: number;
  }>`select retention_days as days from archive_config where id = 1`.execute(db);
  const oldest = today - ((cfg[0]?.days ?? 30) + 1) * DAY;
  const { rows } = await sql<{ day: string }>`
    select distinct (ts / ${DAY}::bigint) * ${DAY}::bigint as day from samples_unpartitioned
    where ts >= ${oldest}::bigint and ts < ${today + (AHEAD_DAYS + 1) * DAY}::bigint`.execute(db);
  const days = new Set(rows.map((r) => Number(r.day)));
  for (let d = 0; d <= AHEAD_DAYS; d++) days.add(today + d * DAY);
  for (const from of [...days].sort((a, b) => a - b))
    await sql`create table ${sql.id(partitionName(from))} partition of samples for values from (${sql.lit(from)}) to (${sql.lit(from + DAY)})`.execute(
      db,
    );
  await sql`insert into samples (device_id, ts, points, received_at) select device_id, ts, points, received_at from samples_unpartitioned`.execute(
    db,
  );
  await sql`drop table samples_unpartitioned`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (!(await isPostgres(db))) return;
  await sql`alter table samples rename to samples_partitioned`.execute(db);
  await sql`alter table samples_partitioned rename constraint samples_pk to samples_partitioned_pk`.execute(db);
  await sql`
    create table samples (
      device_id integer not null references devices (id) on delete cascade,
      ts bigint not null,
      points text not null,
      received_at bigint not null,
      constraint samples_pk primary key (device_id, ts)
    )`.execute(db);
  await sql`insert into samples select device_id, ts, points, received_at from samples_partitioned`.execute(db);
  await sql`drop table samples_partitioned`.execute(db);
}
