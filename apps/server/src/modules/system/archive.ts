import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { archiveConfigBody } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import * as repo from './system.repository.js';

type FilingRate = z.infer<typeof archiveConfigBody>['filingRate'];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How often the archive runs, per the configuration's filing rate. */
export const FILING_RATE_MS: Record<FilingRate, number> = { hourly: HOUR, daily: DAY, weekly: 7 * DAY };
/** Devices per slice and samples per read: the archive gives the event loop back between them. */
const DEVICE_SLICE = 200;
const READ_ROWS = 5_000;
/** PostgreSQL: days after today whose sample partition exists ahead of time (ingest never waits for one). */
export const PARTITION_AHEAD_DAYS = 3;

export interface ArchiveOptions {
  /** Where the 'file' medium writes its files (DATA_DIR/archive); without it, 'file' is not possible. */
  archiveDir?: string;
  /** Run even if the filing rate says it is not due yet (tests, an operator's run). */
  force?: boolean;
  /**
   * Called at each step of a run: 'set-aside' once the samples to remove are fixed (PostgreSQL:
   * they have left `samples`; SQLite: those received by the run's start, of which the medium
   * "file" removes only those it wrote to the file), 'filed' once the file is synced and nothing
   * is removed yet. Tests interleave late samples there.
   */
  onStep?: (step: 'set-aside' | 'filed') => Promise<void>;
}

export interface ArchiveRun {
  /** raw samples removed from the database */
  pruned: number;
  /** the file they were filed to (storage medium 'file'), if any were */
  file: string | null;
}

const yieldLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Every device (id, SN), a slice at a time (samples are keyed by device, so each read is an index range). */
async function* deviceSlices(db: Kysely<Database>) {
  for (let after = 0; ;) {
    const devices = await repo.devicesAfter(db, after, DEVICE_SLICE);
    if (!devices.length) return;
    yield devices;
    after = devices[devices.length - 1]!.id;
    await yieldLoop();
  }
}

type FiledSample = { sn: string; ts: number | string; points: string };

/**
 * Files samples as gzip'd NDJSON (one `{sn, ts, points}` per line) under `dir`, from pages of
 * samples. The file is complete and synced to disk (its directory entry too) before this answers,
 * and so before anything is removed: a crash leaves the samples in the database (a later run files
 * them again). No samples, no file.
 */
async function fileSamples(
  dir: string,
  cutoff: number,
  started: number,
  pages: AsyncIterable<FiledSample[]>,
): Promise<{ file: string | null; rows: number }> {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `samples-before-${new Date(cutoff).toISOString().replace(/[:.]/g, '-')}-${started}.ndjson.gz`);
  let rows = 0;
  async function* lines() {
    for await (const page of pages) {
      rows += page.length;
      yield page.map((s) => `{"sn":${JSON.stringify(s.sn)},"ts":${Number(s.ts)},"points":${s.points}}\n`).join('');
    }
  }
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file));
  if (!rows) {
    await rm(file, { force: true });
    return { file: null, rows };
  }
  for (const path of [file, dir]) {
    const handle = await open(path, 'r');
    await handle.sync();
    await handle.close();
  }
  return { file, rows };
}

/**
 * SQLite: the samples before `cutoff` received by `receivedBy`, device by device in time order;
 * each page's keys are recorded in the run's key table `keys` before the page goes to the file.
 */
async function* samplesBefore(db: Kysely<Database>, cutoff: number, receivedBy: number, keys: string) {
  for await (const devices of deviceSlices(db)) {
    for (const { id, sn } of devices) {
      for (let from = -Infinity; ;) {
        const part = await repo.samplesBefore(db, id, {
          cutoff,
          receivedBy,
          from: from > -Infinity ? from : undefined,
          limit: READ_ROWS,
        });
        if (!part.length) break;
        await repo.recordFiledKeys(
          db,
          keys,
          id,
          part.map((s) => Number(s.ts)),
        );
        yield part.map((s) => ({ sn, ts: s.ts, points: s.points }));
        from = Number(part[part.length - 1]!.ts);
        if (part.length < READ_ROWS) break;
        await yieldLoop();
      }
    }
  }
}

/** PostgreSQL: the samples of the set-aside tables, a table at a time, by device and time. */
async function* setAsideSamples(db: Kysely<Database>, tables: string[]) {
  for (const table of tables) {
    for (let after: { deviceId: number; ts: number } | null = null; ;) {
      const part = await repo.setAsideSamplesPage(db, table, after, READ_ROWS);
      if (!part.length) break;
      yield part;
      const last = part[part.length - 1]!;
      after = { deviceId: last.device_id, ts: Number(last.ts) };
      if (part.length < READ_ROWS) break;
      await yieldLoop();
    }
  }
}

/**
 * PostgreSQL: the day partitions of today and the next PARTITION_AHEAD_DAYS exist (made when
 * missing); answers the days made. Runs on every tick of the archive job, due or not.
 */
export async function ensureSamplePartitions(db: Kysely<Database>, now: number): Promise<number> {
  const today = Math.floor(now / DAY) * DAY;
  const have = new Set((await repo.samplePartitions(db)).map((p) => p.from));
  let made = 0;
  for (let d = 0; d <= PARTITION_AHEAD_DAYS; d++) {
    const from = today + d * DAY;
    if (!have.has(from) && (await repo.createSamplePartition(db, from))) made++;
  }
  return made;
}

/**
 * SQLite, medium "file": deletes exactly the samples whose keys the run recorded as written to its
 * file, device by device, READ_ROWS at a time; answers how many went.
 */
async function deleteFiledSamples(db: Kysely<Database>, keys: string): Promise<number> {
  let pruned = 0;
  for (const deviceId of await repo.filedKeyDevices(db, keys)) {
    for (let after: number | null = null; ;) {
      const { deleted, last } = await repo.deleteFiledBatch(db, keys, deviceId, after, READ_ROWS);
      pruned += deleted;
      if (last === null) break;
      after = last;
      await yieldLoop();
    }
  }
  return pruned;
}

/** SQLite: the samples before `cutoff` received by `receivedBy` deleted device by device, a batch at a time. */
async function deleteSamples(db: Kysely<Database>, cutoff: number, receivedBy: number): Promise<number> {
  let pruned = 0;
  for await (const devices of deviceSlices(db)) {
    for (const { id } of devices) {
      // a device with a long backlog loses it READ_ROWS at a time (one statement never holds the database long)
      for (;;) {
        const { deleted, more } = await repo.deleteSamplesBatch(db, id, { cutoff, receivedBy, batch: READ_ROWS });
        pruned += deleted;
        if (!more) break;
        await yieldLoop();
      }
    }
  }
  return pruned;
}

/**
 * PostgreSQL: the samples before `cutoff` (a UTC midnight) leave `samples` without a DELETE: each
 * day partition ending by then is detached (a late sample of that day goes to the default
 * partition from then on), and the default partition's samples before it move to a table of
 * their own in one statement. A partition whose lock is not had in time stays for the next run.
 * Answers every set-aside table, including any an interrupted run left.
 */
async function setAsideSamplesBefore(db: Kysely<Database>, cutoff: number): Promise<string[]> {
  for (const p of await repo.samplePartitions(db)) {
    if (p.to > cutoff) continue;
    await repo.setAsideSamplePartition(db, p.name);
    await yieldLoop();
  }
  await repo.setAsideDefaultSamples(db, cutoff, `${Date.now()}_${randomBytes(3).toString('hex')}`);
  return repo.setAsideSampleTables(db);
}

/** PostgreSQL: the set-aside tables dropped whole; answers the samples they held. */
async function dropSetAside(db: Kysely<Database>, tables: string[]): Promise<number> {
  let pruned = 0;
  for (const table of tables) {
    pruned += (await repo.dropSetAsideSamples(db, table)) ?? 0;
    await yieldLoop();
  }
  return pruned;
}

/**
 * The archive run (spec §3 archive configuration): raw samples older than the retention are filed
 * (storage medium 'file': a gzip'd NDJSON file under DATA_DIR/archive) and removed from the
 * database; rollups and daily energy stay. It runs at the filing rate (hourly, daily, weekly: the
 * periodic timer asks often and this answers whether it is due), giving the event loop back
 * between slices so requests and ingest go on.
 *
 * SQLite deletes device by device; only samples received before the run started are touched (one
 * arriving during the run waits for the next). With the medium "file" it deletes by the keys it
 * wrote to the file, never by a time bound: a sample stamped in the run's starting millisecond, or
 * by an ingest batch that committed after the file read its device, stays for the next run.
 * PostgreSQL keeps samples in one partition per UTC day: every tick makes the partitions of today
 * and the next days, and a due run drops whole the days that ended by the retention's cutoff,
 * rounded down to midnight UTC (a day is kept until all of it is past the retention). It sets them aside first (detached, see setAsideSamplesBefore),
 * files them, then drops them, so a late sample arriving during the run is never dropped unfiled.
 */
export async function runArchive(
  db: Kysely<Database>,
  now: number,
  options: ArchiveOptions = {},
): Promise<ArchiveRun | null> {
  const pg = dialectOf(db) === 'postgres';
  if (pg) await ensureSamplePartitions(db, now);
  const cfg = await repo.archiveConfig(db);
  const rate = FILING_RATE_MS[cfg.filing_rate as FilingRate] ?? DAY;
  // a minute of slack: a timer that fires a little early still runs on its tick
  if (!options.force && cfg.last_filed_at !== null && now - Number(cfg.last_filed_at) < rate - 60_000) return null;
  const exact = now - cfg.retention_days * DAY;
  const cutoff = pg ? Math.floor(exact / DAY) * DAY : exact;
  const filing = cfg.storage_medium === 'file';
  if (filing && !options.archiveDir)
    throw new Error('the archive medium is "file" but no archive directory is configured');
  let file: string | null = null;
  let pruned: number;
  if (pg) {
    // set aside, file and sync, then drop: a sample arriving at any point is either set aside
    // before the file is written or left in the default partition for the next run
    const tables = await setAsideSamplesBefore(db, cutoff);
    await options.onStep?.('set-aside');
    if (filing) ({ file } = await fileSamples(options.archiveDir!, cutoff, now, setAsideSamples(db, tables)));
    await options.onStep?.('filed');
    pruned = await dropSetAside(db, tables);
  } else if (filing) {
    // the keys of what goes into the file are recorded as it is written, and after the sync exactly
    // those are deleted: received_at is a millisecond stamp taken before the ingest's commit, so a
    // bound on it could take a sample stored after its device was read (the same millisecond as
    // the run's start, or a batch committing late) without filing it
    const keys = `archive_filed_${randomBytes(8).toString('hex')}`;
    await repo.createFiledKeys(db, keys);
    try {
      await options.onStep?.('set-aside');
      ({ file } = await fileSamples(options.archiveDir!, cutoff, now, samplesBefore(db, cutoff, now, keys)));
      await options.onStep?.('filed');
      pruned = await deleteFiledSamples(db, keys);
    } finally {
      await repo.dropFiledKeys(db, keys);
    }
  } else {
    // nothing is filed: the samples received by the run's start go (a later one waits for the next run)
    await options.onStep?.('set-aside');
    await options.onStep?.('filed');
    pruned = await deleteSamples(db, cutoff, now);
  }
  await repo.updateArchiveConfig(db, { last_filed_at: now, last_pruned: pruned, pruned_before: cutoff });
  return { pruned, file };
}

/** Prunes (and files, per the medium) now, whatever the filing rate; answers the samples removed. */
export async function pruneSamples(
  db: Kysely<Database>,
  now: number,
  options: Omit<ArchiveOptions, 'force'> = {},
): Promise<number> {
  return (await runArchive(db, now, { ...options, force: true }))!.pruned;
}
