import { ackMessage, eventMessage, telemetryMessage, type EventMessage, type TelemetryMessage } from '@pv/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import { dailyEnergy, localDay, type CounterSample } from './energy.js';

export type UpKind = 'telemetry' | 'event' | 'ack';

export class IngestRejected extends Error {}

interface DeviceRef {
  id: number;
  plantId: number | null;
  timeZone: string;
}

type Parsed = { kind: 'telemetry'; msg: TelemetryMessage } | { kind: 'event'; msg: EventMessage } | { kind: 'ack'; msg: { cmdId: string; ok: boolean; ts: number; content?: string } };

interface Item {
  sn: string;
  parsed: Parsed;
  resolve: () => void;
  reject: (err: Error) => void;
}

export interface IngestStats {
  accepted: number;
  rejected: number;
  batches: number;
  lastBatchSize: number;
  lastFlushMs: number;
}

const SCHEMAS = { telemetry: telemetryMessage, event: eventMessage, ack: ackMessage } as const;
const DAY = 86_400_000;
/** Rows per multi-row statement: a fixed size keeps the SQL text (and its prepared statement) the same. */
const CHUNK = 100;

/**
 * validate → batch → write samples → update device state → rollups → faults (ARCHITECTURE §1).
 * `submit` resolves only once its message is committed, so whoever acknowledges the device
 * (the broker's PUBACK, the HTTP answer) does so after the data is safe.
 */
export class IngestPipeline {
  readonly stats: IngestStats = { accepted: 0, rejected: 0, batches: 0, lastBatchSize: 0, lastFlushMs: 0 };
  private queue: Item[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private readonly devices = new Map<string, DeviceRef>();
  private readonly byId = new Map<number, DeviceRef>();
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly options: { flushMs?: number; maxBatch?: number } = {},
    private readonly dialect: 'sqlite' | 'postgres' = 'sqlite',
  ) {}

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
    if (!result.success) return this.refuse(sn, kind, result.error.issues[0]?.message ?? 'invalid');
    return new Promise<void>((resolve, reject) => {
      if (this.closed) return reject(new Error('ingest is closed'));
      this.queue.push({ sn, parsed: { kind, msg: result.data } as Parsed, resolve, reject });
      if (this.queue.length >= (this.options.maxBatch ?? 1000)) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 20);
    });
  }

  private refuse(sn: string, kind: string, reason: string): Promise<never> {
    this.stats.rejected++;
    this.log.warn({ sn, kind, reason }, 'rejected device message');
    return Promise.reject(new IngestRejected(reason));
  }

  /** Forget cached device facts (after a device or plant changes). */
  invalidate(sn?: string) {
    if (sn) this.devices.delete(sn);
    else {
      this.devices.clear();
      this.byId.clear();
    }
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing;
    if (!this.queue.length) return;
    const batch = this.queue.splice(0, this.options.maxBatch ?? 1000);
    this.flushing = this.write(batch).finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
    if (this.queue.length) void this.flush();
  }

  async close() {
    this.closed = true;
    await this.flush();
    while (this.flushing) await this.flushing;
  }

  private async resolveDevices(sns: Set<string>) {
    const missing = [...sns].filter((s) => !this.devices.has(s));
    for (let i = 0; i < missing.length; i += 500) {
      const rows = await this.db
        .selectFrom('devices as d')
        .leftJoin('plants as p', 'p.id', 'd.plant_id')
        .select(['d.id', 'd.sn', 'd.plant_id', 'p.time_zone'])
        .where('d.sn', 'in', missing.slice(i, i + 500))
        .execute();
      for (const r of rows) {
        const ref = { id: r.id, plantId: r.plant_id, timeZone: r.time_zone ?? 'Asia/Shanghai' };
        this.devices.set(r.sn, ref);
        this.byId.set(r.id, ref);
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
    const ok: Item[] = [];
    for (const it of batch) {
      if (this.devices.has(it.sn)) ok.push(it);
      else {
        this.stats.rejected++;
        it.reject(new IngestRejected(`unknown device ${it.sn}`));
      }
    }
    try {
      // PostgreSQL may end one of two concurrent ingest transactions with a deadlock or a
      // serialization failure: the batch is simply written again
      for (let attempt = 1; ; attempt++) {
        try {
          await this.db.transaction().execute((trx) => this.apply(trx, ok));
          break;
        } catch (err) {
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
      for (const it of ok) it.resolve();
    } catch (err) {
      this.log.error({ err }, 'ingest batch failed');
      for (const it of ok) it.reject(err as Error);
    }
  }

  private async apply(trx: Transaction<Database>, items: Item[]) {
    const now = Date.now();
    const samples: Insertable<Database['samples']>[] = [];
    const latest = new Map<number, { ts: number; points: Record<string, number> }>();
    const energyTouched = new Map<number, CounterSample[]>();
    const note = (deviceId: number, ts: number, points: Record<string, number>) => {
      samples.push({ device_id: deviceId, ts, points: JSON.stringify(points), received_at: now });
      const prev = latest.get(deviceId);
      if (!prev || prev.ts <= ts) latest.set(deviceId, { ts, points });
      if (points.energyTotal !== undefined) {
        const list = energyTouched.get(deviceId) ?? [];
        list.push({ ts, energyTotal: points.energyTotal });
        energyTouched.set(deviceId, list);
      }
    };
    const faults: { deviceId: number; code: string; message?: string; ts: number }[] = [];
    const acks: { deviceId: number; cmdId: string; ok: boolean; content?: string }[] = [];
    const ota: Insertable<Database['ota_events']>[] = [];
    const recovered: { deviceId: number; ts: number }[] = [];

    for (const it of items) {
      const device = this.devices.get(it.sn)!;
      const p = it.parsed;
      if (p.kind === 'telemetry') {
        note(device.id, p.msg.ts, p.msg.points);
        for (const sub of p.msg.sub ?? []) {
          const ref = this.devices.get(sub.sn);
          if (ref) note(ref.id, p.msg.ts, sub.points);
        }
      } else if (p.kind === 'event') {
        if (p.msg.type === 'fault') faults.push({ deviceId: device.id, code: p.msg.code, message: p.msg.message, ts: p.msg.ts });
        else if (p.msg.type === 'recover') recovered.push({ deviceId: device.id, ts: p.msg.ts });
        else ota.push({ cmd_id: p.msg.cmdId, device_id: device.id, progress: p.msg.progress, version: p.msg.version ?? null, ts: p.msg.ts });
        if (!latest.has(device.id)) latest.set(device.id, { ts: p.msg.ts, points: {} });
      } else {
        acks.push({ deviceId: device.id, cmdId: p.msg.cmdId, ok: p.msg.ok, content: p.msg.content });
        if (!latest.has(device.id)) latest.set(device.id, { ts: p.msg.ts, points: {} });
      }
    }

    // raw samples: a repeated (device, ts) is stored once
    for (let i = 0; i < samples.length; i += CHUNK) {
      await trx.insertInto('samples').values(samples.slice(i, i + CHUNK)).onConflict((oc) => oc.columns(['device_id', 'ts']).doNothing()).execute();
    }

    // device state: last online time, online, latest points, run state
    // device state; the same statement text each time, so SQLite reuses the prepared statement
    // rows are locked in id order, the same in every process (no deadlock between two of them)
    for (const [deviceId, { ts, points }] of [...latest].sort((x, y) => x[0] - y[0])) {
      const seen = Math.min(ts, now);
      const hasPoints = Object.keys(points).length > 0;
      await trx
        .updateTable('devices')
        .set((eb) => ({
          online_state: 'online',
          // never move the last online time backwards (late samples)
          last_online_at: eb.case().when(eb.or([eb('last_online_at', 'is', null), eb('last_online_at', '<', seen)])).then(seen).else(eb.ref('last_online_at')).end(),
          last_points: hasPoints ? JSON.stringify(points) : eb.ref('last_points'),
          run_state: points.acPower === undefined ? eb.ref('run_state') : points.acPower > 0 ? 'run' : 'normal',
        }))
        .where('id', '=', deviceId)
        .execute();
    }

    // faults: a code opens one record until it is repaired
    for (const f of faults) {
      const open = await trx.selectFrom('faults').select('id').where('device_id', '=', f.deviceId).where('code', '=', f.code).where('state', '=', 'unrepaired').executeTakeFirst();
      if (!open) await trx.insertInto('faults').values({ device_id: f.deviceId, code: f.code, message: f.message ?? null, state: 'unrepaired', opened_at: f.ts, fixed_at: null }).execute();
      await trx.updateTable('devices').set({ run_state: 'failure' }).where('id', '=', f.deviceId).execute();
    }
    for (const r of recovered) await trx.updateTable('devices').set({ run_state: 'run' }).where('id', '=', r.deviceId).where('run_state', '=', 'failure').execute();

    // command results: processing → success / failed (a late ack also settles an "unknown")
    for (const a of acks) {
      await trx
        .updateTable('commands')
        .set({ status: a.ok ? 'success' : 'failed', ack_content: a.content ?? null, updated_at: now })
        .where('cmd_id', '=', a.cmdId)
        .where('device_id', '=', a.deviceId)
        .where('status', 'in', ['processing', 'unknown'])
        .execute();
    }

    // OTA progress (the device update log); a successful OTA gives the device its new version
    for (let i = 0; i < ota.length; i += CHUNK) await trx.insertInto('ota_events').values(ota.slice(i, i + CHUNK)).execute();
    const okAcks = acks.filter((a) => a.ok);
    if (okAcks.length) {
      const upgrades = await trx.selectFrom('commands').select(['device_id', 'params']).where('kind', '=', 'ota').where('cmd_id', 'in', okAcks.map((a) => a.cmdId)).execute();
      for (const u of upgrades) {
        const { version, subSn } = JSON.parse(u.params) as { version?: string; subSn?: string };
        if (!version) continue;
        // an OTA aimed at a sub device (through its collector) upgrades the sub device
        if (subSn) await trx.updateTable('devices').set({ sw_version: version }).where('sn', '=', subSn).execute();
        else await trx.updateTable('devices').set({ sw_version: version }).where('id', '=', u.device_id).execute();
      }
    }

    await this.energy(trx, energyTouched, now);
  }

  /**
   * Daily energy grows by the delta from each device's last counter reading; a late sample (older
   * than the last reading) makes its days be recomputed from the raw samples instead.
   */
  private async energy(trx: Transaction<Database>, touched: Map<number, CounterSample[]>, now: number) {
    if (!touched.size) return;
    const ids = [...touched.keys()];
    let q = trx.selectFrom('device_counters').selectAll().where('device_id', 'in', ids).orderBy('device_id');
    // PostgreSQL: several ingest processes may hold messages of one device; take turns per device
    if (this.dialect === 'postgres') q = q.forUpdate();
    const counters = new Map((await q.execute()).map((c) => [c.device_id, { ts: c.last_ts, energyTotal: c.last_total }]));
    const increments = new Map<string, { deviceId: number; day: string; kWh: number }>();
    const late = new Map<number, number[]>();
    const written: { device_id: number; last_ts: number; last_total: number }[] = [];
    for (const [deviceId, list] of touched) {
      const timeZone = this.timeZoneOf(deviceId);
      let last = counters.get(deviceId);
      const before = last;
      for (const s of [...list].sort((a, b) => a.ts - b.ts)) {
        if (!last) {
          last = s;
          const day = localDay(s.ts, timeZone);
          if (!increments.has(`${deviceId}|${day}`)) increments.set(`${deviceId}|${day}`, { deviceId, day, kWh: 0 });
          continue;
        }
        if (s.ts === last.ts) continue;
        if (s.ts < last.ts) {
          late.set(deviceId, [...(late.get(deviceId) ?? []), s.ts]);
          continue;
        }
        for (const [day, kWh] of dailyEnergy([last, s], { timeZone })) {
          const key = `${deviceId}|${day}`;
          const inc = increments.get(key) ?? { deviceId, day, kWh: 0 };
          inc.kWh += kWh;
          increments.set(key, inc);
        }
        last = s;
      }
      if (last && last !== before) written.push({ device_id: deviceId, last_ts: last.ts, last_total: last.energyTotal });
    }
    const rows = [...increments.values()].sort((x, y) => x.deviceId - y.deviceId || x.day.localeCompare(y.day)).map((i) => ({ device_id: i.deviceId, day: i.day, energy_kwh: i.kWh, updated_at: now }));
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx
        .insertInto('device_daily')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.columns(['device_id', 'day']).doUpdateSet((eb) => ({ energy_kwh: eb(eb.ref('device_daily.energy_kwh'), '+', eb.ref('excluded.energy_kwh')), updated_at: eb.ref('excluded.updated_at') })))
        .execute();
    }
    written.sort((x, y) => x.device_id - y.device_id);
    for (let i = 0; i < written.length; i += CHUNK) {
      await trx
        .insertInto('device_counters')
        .values(written.slice(i, i + CHUNK))
        .onConflict((oc) => oc.column('device_id').doUpdateSet((eb) => ({ last_ts: eb.ref('excluded.last_ts'), last_total: eb.ref('excluded.last_total') })))
        .execute();
    }
    for (const [deviceId, tss] of late) await this.rollup(trx, deviceId, tss, now);
  }

  private timeZoneOf(deviceId: number): string {
    return this.byId.get(deviceId)?.timeZone ?? 'Asia/Shanghai';
  }

  private async rollup(trx: Transaction<Database>, deviceId: number, tss: number[], now: number) {
    const timeZone = this.timeZoneOf(deviceId);
    const from = Math.min(...tss) - 26 * 3_600_000;
    const to = Math.max(...tss) + 26 * 3_600_000;
    const rows = await trx.selectFrom('samples').select(['ts', 'points']).where('device_id', '=', deviceId).where('ts', '>=', from).where('ts', '<=', to).orderBy('ts').execute();
    const before = await trx.selectFrom('samples').select(['ts', 'points']).where('device_id', '=', deviceId).where('ts', '<', from).where('ts', '>=', from - 30 * DAY).orderBy('ts', 'desc').limit(1).executeTakeFirst();
    const counters: CounterSample[] = [];
    for (const r of before ? [before, ...rows] : rows) {
      const v = (JSON.parse(r.points) as Record<string, number>).energyTotal;
      if (typeof v === 'number') counters.push({ ts: r.ts, energyTotal: v });
    }
    const days = dailyEnergy(counters, { timeZone });
    // a late sample changes its own day and the day of the sample after it
    const maxTs = Math.max(...tss);
    const next = counters.find((c) => c.ts > maxTs);
    const firstDay = localDay(Math.min(...tss), timeZone);
    const lastDay = localDay(next?.ts ?? maxTs, timeZone);
    const touched = new Set([...days.keys()].filter((d) => d >= firstDay && d <= lastDay));
    for (const ts of tss) touched.add(localDay(ts, timeZone));
    for (const day of touched) {
      const kWh = days.get(day) ?? 0;
      await trx
        .insertInto('device_daily')
        .values({ device_id: deviceId, day, energy_kwh: kWh, updated_at: now })
        .onConflict((oc) => oc.columns(['device_id', 'day']).doUpdateSet({ energy_kwh: kWh, updated_at: now }))
        .execute();
    }
  }
}
