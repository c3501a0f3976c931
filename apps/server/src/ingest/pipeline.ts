import { ackMessage, eventMessage, telemetryMessage } from '@pv/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { sqliteHandle } from '../db/dialect.js';
import {
  classifyBatch,
  countEnergy,
  settleSamples,
  type BatchPlan,
  type DeviceRef,
  type LateSamples,
  type Parsed,
} from './classify.js';
import { counterSample, dailyEnergy, localDay, type CounterSample } from './energy.js';
import { writeFaults } from './fault.repository.js';
import { writeRollups } from './rollup.js';
import { postgresStatements, sqliteStatements, type HotStatements } from './statements.js';

export type UpKind = 'telemetry' | 'event' | 'ack';

export class IngestRejected extends Error {}

interface Item {
  sn: string;
  parsed: Parsed;
  resolve: () => void;
  reject: (err: Error) => void;
}

/** A batch just committed: its samples' received_at stamp, the commit time (epoch ms) and its size. */
export interface CommittedBatch {
  receivedAt: number;
  committedAt: number;
  size: number;
}

export interface IngestStats {
  accepted: number;
  rejected: number;
  batches: number;
  lastBatchSize: number;
  lastFlushMs: number;
  /** sub-device entries of collector telemetry dropped: the sub SN is not registered under that collector */
  unknownSubs: number;
  /** HTTP device requests refused for a wrong SN or key (MQTT sign-ins are the broker's refusedLogins) */
  refusedHttp: number;
}

/** What the server's parts use of an ingest: the in-process IngestPipeline or IngestThread (SQLite files). */
export interface Ingest {
  readonly stats: IngestStats;
  /** Messages received and not yet written (the metrics' queue depth). */
  readonly queued: number;
  submit(sn: string, kind: UpKind, payload: Buffer | string | unknown): Promise<void>;
  invalidate(sn?: string): void;
  /** How many devices' facts are cached (tests). */
  cachedDevices(): Promise<number>;
  flush(): Promise<void>;
  close(): Promise<void>;
}

const SCHEMAS = { telemetry: telemetryMessage, event: eventMessage, ack: ackMessage } as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Rows per multi-row statement: a fixed size keeps the SQL text (and its prepared statement) the same. */
const CHUNK = 100;

/**
 * validate → batch → write samples → update device state → rollups → faults (ARCHITECTURE §1).
 * `submit` resolves only once its message is committed, so whoever acknowledges the device
 * (the broker's PUBACK, the HTTP answer) does so after the data is safe.
 */
export class IngestPipeline implements Ingest {
  readonly stats: IngestStats = {
    accepted: 0,
    rejected: 0,
    batches: 0,
    lastBatchSize: 0,
    lastFlushMs: 0,
    unknownSubs: 0,
    refusedHttp: 0,
  };
  private queue: Item[] = [];
  get queued() {
    return this.queue.length;
  }
  private timer: NodeJS.Timeout | undefined;
  /** batches being written: one at a time on SQLite (one connection), a few at once on PostgreSQL */
  private readonly writing = new Set<Promise<void>>();
  private readonly devices = new Map<string, DeviceRef>();
  private closed = false;
  private statements: HotStatements | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly options: {
      flushMs?: number;
      maxBatch?: number;
      concurrency?: number;
      /** After each batch commits: the devices it wrote for (senders and their registered sub devices), each once. */
      onCommitted?: (deviceIds: number[]) => void;
      /** After each batch commits: its received_at stamp, the commit time and its size (INGEST_COMMIT_LOG). */
      onCommit?: (batch: CommittedBatch) => void;
    } = {},
    private readonly dialect: 'sqlite' | 'postgres' = 'sqlite',
  ) {}

  /** The hand-written batch statements, prepared on first use (the tables exist by then). */
  private get hot(): HotStatements {
    if (!this.statements) {
      const handle = this.dialect === 'sqlite' ? sqliteHandle(this.db) : undefined;
      if (this.dialect === 'sqlite' && !handle)
        throw new Error('the ingest pipeline needs a SQLite database made by createDb');
      this.statements = handle ? sqliteStatements(handle) : postgresStatements;
    }
    return this.statements;
  }

  /** Parses and queues one message; rejects at once when it is malformed. */
  submit(sn: string, kind: UpKind, payload: Buffer | string | unknown): Promise<void> {
    let body: unknown = payload;
    if (Buffer.isBuffer(payload) || typeof payload === 'string') {
      try {
        body = JSON.parse(payload.toString());
      } catch {
        return this.refuse(sn, kind, 'not JSON');
      }
    }
    const result = SCHEMAS[kind].safeParse(body);
    if (!result.success) {
      const issue = result.error.issues[0];
      return this.refuse(
        sn,
        kind,
        issue ? `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'invalid',
      );
    }
    return new Promise<void>((resolve, reject) => {
      if (this.closed) return reject(new Error('ingest is closed'));
      this.queue.push({ sn, parsed: { kind, msg: result.data } as Parsed, resolve, reject });
      // a full batch goes now if a writer is free; otherwise the batch being written starts it when it ends
      if (this.queue.length >= (this.options.maxBatch ?? 1000)) {
        if (this.writing.size < this.concurrency) void this.flush();
      } else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 20);
    });
  }

  private refuse(sn: string, kind: string, reason: string): Promise<never> {
    this.stats.rejected++;
    this.log.warn({ sn, kind, reason }, 'rejected device message');
    return Promise.reject(new IngestRejected(reason));
  }

  private get concurrency() {
    return this.options.concurrency ?? 1;
  }

  cachedDevices(): Promise<number> {
    return Promise.resolve(this.devices.size);
  }

  /**
   * Forget cached device facts (after a device or plant changes, in any server process). What the
   * statements keep (counters, latest buckets) stays: no console write changes those rows, and a
   * deleted device's id is never given again.
   */
  invalidate(sn?: string) {
    if (sn) this.devices.delete(sn);
    else this.devices.clear();
  }

  /**
   * Starts writing what is queued (as many batches as the concurrency allows, one by default) and
   * waits for the batches being written. While they are, messages keep queueing and go into the
   * next batch as soon as one ends, so batches grow with the load. With a concurrency above one
   * (PostgreSQL) rows are locked in the same order by every batch.
   */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length && this.writing.size < this.concurrency) {
      const batch = this.queue.splice(0, this.options.maxBatch ?? 1000);
      const done: Promise<void> = this.write(batch).finally(() => {
        this.writing.delete(done);
        if (this.queue.length) void this.flush();
      });
      this.writing.add(done);
    }
    await Promise.all(this.writing);
  }

  async close() {
    this.closed = true;
    while (this.queue.length || this.writing.size) await this.flush();
  }

  private async resolveDevices(sns: Set<string>) {
    const missing = [...sns].filter((s) => !this.devices.has(s));
    for (let i = 0; i < missing.length; i += 500) {
      const rows = await this.db
        .selectFrom('devices as d')
        .leftJoin('plants as p', 'p.id', 'd.plant_id')
        .select(['d.id', 'd.sn', 'd.parent_id', 'd.plant_id', 'p.time_zone'])
        .where('d.sn', 'in', missing.slice(i, i + 500))
        .execute();
      for (const r of rows) {
        this.devices.set(r.sn, {
          id: r.id,
          parentId: r.parent_id,
          plantId: r.plant_id,
          timeZone: r.time_zone ?? 'Asia/Shanghai',
        });
      }
    }
  }

  private async write(batch: Item[]) {
    const started = performance.now();
    const sns = new Set<string>();
    for (const it of batch) {
      sns.add(it.sn);
      if (it.parsed.kind === 'telemetry') for (const s of it.parsed.msg.sub ?? []) sns.add(s.sn);
    }
    try {
      await this.resolveDevices(sns);
    } catch (err) {
      for (const it of batch) it.reject(err as Error);
      return;
    }
    // decided once, before the transaction: a retry writes the same rows, and a console change
    // emptying the device cache meanwhile changes nothing in this batch
    const plan = classifyBatch(batch, this.devices);
    for (const it of plan.unknown) {
      this.stats.rejected++;
      it.reject(new IngestRejected(`unknown device ${it.sn}`));
    }
    // a collector's message is kept without the sub entries not registered under it: each is counted and logged
    for (const { sn, subSn } of plan.droppedSubs) {
      this.stats.unknownSubs++;
      this.log.warn({ sn, subSn }, 'dropped telemetry of an unknown sub device');
    }
    const ok = plan.accepted;
    const touched = this.options.onCommitted && [...plan.latest.keys()];
    try {
      // PostgreSQL may end one of two concurrent ingest transactions with a deadlock or a
      // serialization failure: the batch is simply written again
      let receivedAt = 0;
      for (let attempt = 1; ; attempt++) {
        try {
          receivedAt = await this.db.transaction().execute((trx) => this.apply(trx, plan));
          break;
        } catch (err) {
          // what the statements kept of the rolled-back batch is not in the database
          this.statements?.forget?.();
          const code = (err as { code?: string }).code;
          if (attempt >= 5 || (code !== '40P01' && code !== '40001')) throw err;
          this.log.warn({ attempt, code }, 'ingest batch retried');
          await new Promise((r) => setTimeout(r, 10 * attempt + Math.random() * 20));
        }
      }
      this.stats.accepted += ok.length;
      this.stats.batches++;
      this.stats.lastBatchSize = ok.length;
      this.stats.lastFlushMs = performance.now() - started;
      this.options.onCommit?.({ receivedAt, committedAt: Date.now(), size: ok.length });
      for (const it of ok) it.resolve();
      if (touched?.length) this.options.onCommitted?.(touched);
    } catch (err) {
      this.log.error({ err }, 'ingest batch failed');
      for (const it of ok) it.reject(err as Error);
    }
  }

  /** Writes a batch's rows; answers the received_at stamp its samples got. */
  private async apply(trx: Transaction<Database>, plan: BatchPlan<Item>): Promise<number> {
    this.hot.begin?.();
    const now = Date.now();
    // raw samples: a repeated (device, ts) is stored once; only the stored ones go into the 5-minute
    // rollup and the device state (online, last online time, latest points, run state)
    const { buckets, states } = settleSamples(plan, await this.hot.insertSamples(trx, plan.samples, now), now);
    // in device id order; the stored last online time never moves backwards (late samples)
    await this.hot.updateDevices(trx, states);

    // 5-minute averages, after the device rows above are locked (PostgreSQL: one writer per device)
    await writeRollups(trx, this.hot, buckets);

    // faults: a code opens one record until it is repaired; reported again while open it counts up
    await writeFaults(trx, plan, this.dialect);

    // command results: processing → success / failed (a late ack also settles an "unknown")
    await this.hot.settleCommands(
      trx,
      plan.acks.map((a) => ({
        device_id: a.deviceId,
        cmd_id: a.cmdId,
        status: a.ok ? 'success' : 'failed',
        content: a.content ?? null,
      })),
      now,
    );

    // OTA progress (the device update log); a successful OTA gives the device its new version
    for (let i = 0; i < plan.ota.length; i += CHUNK)
      await trx
        .insertInto('ota_events')
        .values(plan.ota.slice(i, i + CHUNK))
        .execute();
    // versions the devices reported (rare: on connecting, after an upgrade), in device id order
    for (const [id, set] of [...plan.versions].sort((a, b) => a[0] - b[0]))
      if (Object.keys(set).length) await trx.updateTable('devices').set(set).where('id', '=', id).execute();
    const okAcks = plan.acks.filter((a) => a.ok);
    if (okAcks.length) {
      const upgrades = await trx
        .selectFrom('commands')
        .select(['device_id', 'params'])
        .where('kind', '=', 'ota')
        .where(
          'cmd_id',
          'in',
          okAcks.map((a) => a.cmdId),
        )
        .execute();
      for (const u of upgrades) {
        const { version, subSn } = JSON.parse(u.params) as { version?: string; subSn?: string };
        if (!version) continue;
        // an OTA aimed at a sub device (through its collector) upgrades the sub device
        if (subSn) await trx.updateTable('devices').set({ sw_version: version }).where('sn', '=', subSn).execute();
        else await trx.updateTable('devices').set({ sw_version: version }).where('id', '=', u.device_id).execute();
      }
    }

    await this.energy(trx, plan.counters, now);
    return now;
  }

  /**
   * Daily energy grows by the delta from each device's last counter reading; a late sample (older
   * than the last reading) makes its days be recomputed from the raw samples instead.
   */
  private async energy(trx: Transaction<Database>, touched: BatchPlan<Item>['counters'], now: number) {
    if (!touched.size) return;
    const ids = [...touched.keys()].sort((x, y) => x - y);
    // PostgreSQL: several ingest processes may hold messages of one device; take turns per device
    const last = new Map(
      (await this.hot.readCounters(trx, ids)).map((c) => [c.device_id, { ts: c.last_ts, energyTotal: c.last_total }]),
    );
    const { increments, counters, late } = countEnergy(touched, last);
    await this.hot.addDaily(trx, increments, now);
    await this.hot.writeCounters(trx, counters);
    await this.recompute(trx, late, now);
  }

  /**
   * Late samples: the days they touch are recomputed from the stored samples, in one read for the
   * whole batch (see `readWindows`). A late sample between stored samples P and N replaces the
   * step P→N by P→late→N, so every local day from P's to N's is recomputed, however far apart they
   * are. When those days reach back to a day past the last archive run's cutoff, they are left as
   * counted: their raw samples may have been filed away, and a recount from what is left would lose
   * energy (the counter being cumulative, a late sample only moves energy between those days).
   */
  private async recompute(trx: Transaction<Database>, late: LateSamples[], now: number) {
    if (!late.length) return;
    const windows = late.map(({ deviceId, ts }) => ({
      device_id: deviceId,
      first: Math.min(...ts),
      last: Math.max(...ts),
    }));
    const stored = new Map<number, CounterSample[]>();
    for (const r of await this.hot.readWindows(trx, windows)) {
      const v = counterSample(Number(r.ts), JSON.parse(r.points) as Record<string, unknown>);
      if (v === undefined) continue;
      const list = stored.get(r.device_id);
      if (list) list.push(v);
      else stored.set(r.device_id, [v]);
    }
    // a day after the last archive run's cutoff: the samples before it may be gone
    const archive = await trx
      .selectFrom('archive_config')
      .select('pruned_before')
      .where('id', '=', 1)
      .executeTakeFirst();
    const horizon = archive?.pruned_before == null ? undefined : Number(archive.pruned_before) + DAY;
    const out: { device_id: number; day: string; energy_kwh: number }[] = [];
    for (const [i, { deviceId, timeZone, ts: tss }] of late.entries()) {
      const { first, last } = windows[i]!;
      const counters = stored.get(deviceId) ?? [];
      const days = dailyEnergy(counters, { timeZone });
      // the days from the stored sample before the late ones to the one after them
      let prev: CounterSample | undefined;
      for (const c of counters) if (c.ts < first) prev = c;
      const next = counters.find((c) => c.ts > last);
      const firstDay = localDay(prev?.ts ?? first, timeZone);
      const lastDay = localDay(next?.ts ?? last, timeZone);
      const oldest = horizon === undefined ? '' : localDay(horizon, timeZone);
      const touched = new Set([...days.keys()].filter((d) => d >= firstDay && d <= lastDay));
      for (const ts of tss) touched.add(localDay(ts, timeZone));
      // the late samples only move energy between these days: left as counted when some of them cannot be recounted
      if (firstDay <= oldest) continue;
      for (const day of [...touched].sort()) out.push({ device_id: deviceId, day, energy_kwh: days.get(day) ?? 0 });
    }
    await this.hot.setDaily(trx, out, now);
  }
}
