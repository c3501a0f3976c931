import type { EventMessage, Points, ReportedRunState, TelemetryMessage } from '@pv/contract';
import type { Insertable } from 'kysely';
import type { Database } from '../db/database.js';
import { counterSample, dailyEnergy, isCounterGlitch, localDay, type CounterSample } from './energy.js';
import { accumulate, type BucketSums } from './rollup.js';
import type { Counter, DailyIncrement, DeviceState, SampleRow } from './statements.js';

/**
 * The pure half of writing a batch: which messages are written, which are refused, and which rows
 * each one gives, decided from the cached device facts alone. The pipeline reads the devices
 * before and writes the rows after; nothing here touches the database, so every rule is unit
 * tested on its own (classify.test.ts).
 */

/** A device message as validated by the pipeline. */
export type Parsed =
  | { kind: 'telemetry'; msg: TelemetryMessage }
  | { kind: 'event'; msg: EventMessage }
  | { kind: 'ack'; msg: { cmdId: string; ok: boolean; ts: number; content?: string } };

/** What the pipeline keeps of a registered device. */
export interface DeviceRef {
  id: number;
  /** the collector a sub device reports through */
  parentId: number | null;
  plantId: number | null;
  timeZone: string;
}

/** A (device, ts) as its first occurrence in the batch: the one the sample insert keeps. */
export interface FirstSample {
  points: Points;
  json: string;
  runState?: ReportedRunState;
}

export interface BatchPlan<T> {
  /** messages of registered devices, in batch order: written */
  accepted: T[];
  /** messages of unregistered devices: refused */
  unknown: T[];
  /** sub-device entries of collector telemetry left out: the sub SN is not registered under that collector */
  droppedSubs: { sn: string; subSn: string }[];
  /** one row per telemetry entry, sorted by (device, ts): a repeated (device, ts) is the insert's to skip */
  samples: SampleRow[];
  /** per `device:ts` key, its first occurrence (what a stored sample holds) */
  first: Map<string, FirstSample>;
  /**
   * Per device, its newest message: `key` when that is a sample (events and acks carry no points).
   * Its keys are every device the batch writes for, senders and their registered sub devices.
   */
  latest: Map<number, { ts: number; key?: string }>;
  /** per device, the energy counter readings of its samples (batch order) and its plant's zone */
  counters: Map<number, { timeZone: string; samples: CounterSample[] }>;
  faults: { deviceId: number; code: string; message?: string; ts: number }[];
  /** the device reports the fault `code` cleared */
  recovered: { deviceId: number; code: string; ts: number }[];
  /** per device, the versions its info events reported (later events win) */
  versions: Map<number, { hw_version?: string; sw_version?: string; protocol_version?: string }>;
  acks: { deviceId: number; cmdId: string; ok: boolean; content?: string }[];
  ota: Insertable<Database['ota_events']>[];
}

/** Sorts a batch's messages into what it writes, from the cached facts of the devices they name. */
export function classifyBatch<T extends { sn: string; parsed: Parsed }>(
  items: readonly T[],
  devices: ReadonlyMap<string, DeviceRef>,
): BatchPlan<T> {
  const plan: BatchPlan<T> = {
    accepted: [],
    unknown: [],
    droppedSubs: [],
    samples: [],
    first: new Map(),
    latest: new Map(),
    counters: new Map(),
    faults: [],
    recovered: [],
    versions: new Map(),
    acks: [],
    ota: [],
  };
  const { samples, first, latest, counters } = plan;
  const note = (device: DeviceRef, ts: number, points: Points, runState: ReportedRunState | undefined) => {
    const json = JSON.stringify(points);
    samples.push({ device_id: device.id, ts, points: json });
    const key = `${device.id}:${ts}`;
    if (!first.has(key)) first.set(key, { points, json, runState });
    const prev = latest.get(device.id);
    if (!prev || prev.ts < ts || (prev.ts === ts && !prev.key)) latest.set(device.id, { ts, key });
    const counter = counterSample(ts, points);
    if (counter !== undefined) {
      const entry = counters.get(device.id);
      if (entry) entry.samples.push(counter);
      else counters.set(device.id, { timeZone: device.timeZone, samples: [counter] });
    }
  };
  for (const it of items) {
    const device = devices.get(it.sn);
    if (!device) {
      plan.unknown.push(it);
      continue;
    }
    plan.accepted.push(it);
    const p = it.parsed;
    if (p.kind === 'telemetry') {
      note(device, p.msg.ts, p.msg.points, p.msg.runState);
      // a collector writes only for its own sub devices (registered with it as their parent)
      for (const sub of p.msg.sub ?? []) {
        const ref = devices.get(sub.sn);
        if (ref && ref.parentId === device.id) note(ref, p.msg.ts, sub.points, sub.runState);
        else plan.droppedSubs.push({ sn: it.sn, subSn: sub.sn });
      }
      continue;
    }
    if (p.kind === 'event') {
      if (p.msg.type === 'fault')
        plan.faults.push({ deviceId: device.id, code: p.msg.code, message: p.msg.message, ts: p.msg.ts });
      else if (p.msg.type === 'recover') plan.recovered.push({ deviceId: device.id, code: p.msg.code, ts: p.msg.ts });
      else if (p.msg.type === 'info')
        plan.versions.set(device.id, {
          ...plan.versions.get(device.id),
          ...(p.msg.hwVersion && { hw_version: p.msg.hwVersion }),
          ...(p.msg.swVersion && { sw_version: p.msg.swVersion }),
          ...(p.msg.protocolVersion && { protocol_version: p.msg.protocolVersion }),
        });
      else
        plan.ota.push({
          cmd_id: p.msg.cmdId,
          device_id: device.id,
          progress: p.msg.progress,
          version: p.msg.version ?? null,
          ts: p.msg.ts,
        });
    } else plan.acks.push({ deviceId: device.id, cmdId: p.msg.cmdId, ok: p.msg.ok, content: p.msg.content });
    if (!latest.has(device.id)) latest.set(device.id, { ts: p.msg.ts });
  }
  // in key order: two PostgreSQL writers of the same keys then wait instead of deadlocking
  samples.sort((x, y) => x.device_id - y.device_id || x.ts - y.ts);
  return plan;
}

/**
 * After the sample insert, from the rows it actually stored: their 5-minute sums (a repeated
 * (device, ts) is not averaged twice) and each device's new state, in device id order (rows are
 * locked in the same order in every process). The last online time never moves past `now`, and
 * only a stored sample gives the latest points and run state (a repeated (device, ts) with other
 * values changes nothing).
 */
export function settleSamples(
  plan: Pick<BatchPlan<unknown>, 'first' | 'latest'>,
  stored: readonly { device_id: number; ts: number }[],
  now: number,
): { buckets: Map<string, BucketSums>; states: DeviceState[] } {
  const buckets = new Map<string, BucketSums>();
  const keys = new Set<string>();
  for (const r of stored) {
    const key = `${r.device_id}:${r.ts}`;
    keys.add(key);
    accumulate(buckets, r.device_id, r.ts, plan.first.get(key)!.points);
  }
  const states: DeviceState[] = [];
  for (const [deviceId, { ts, key }] of [...plan.latest].sort((x, y) => x[0] - y[0])) {
    const sample = key && keys.has(key) ? plan.first.get(key)! : undefined;
    const { acPower } = sample?.points ?? {};
    states.push({
      id: deviceId,
      seen: Math.min(ts, now),
      points: sample && sample.json !== '{}' ? sample.json : null,
      run: sample?.runState ?? (typeof acPower !== 'number' ? null : acPower > 0 ? 'run' : 'normal'),
    });
  }
  return { buckets, states };
}

/** A device's samples older than its last counter reading: the days they touch are recounted. */
export interface LateSamples {
  deviceId: number;
  timeZone: string;
  ts: number[];
}

/**
 * Daily energy of a batch's counter readings, given each device's last stored reading: a step
 * from the last good reading adds its energy to the local days it spans; the first reading of a
 * device starts its counter (and its day, at 0 kWh); a repeated reading adds nothing; a reading a
 * little below the last good one is a glitch that adds nothing and does not replace it; a reading
 * older than the last one is late (its days are recounted from the stored samples). Answers the
 * increments and the new last readings, both in device order.
 */
export function countEnergy(
  touched: ReadonlyMap<number, { timeZone: string; samples: readonly CounterSample[] }>,
  lastReadings: ReadonlyMap<number, CounterSample>,
): { increments: DailyIncrement[]; counters: Counter[]; late: LateSamples[] } {
  const increments = new Map<string, { deviceId: number; day: string; kWh: number }>();
  const late = new Map<number, LateSamples>();
  const written: Counter[] = [];
  for (const [deviceId, { timeZone, samples }] of touched) {
    let last = lastReadings.get(deviceId);
    const before = last;
    for (const s of [...samples].sort((a, b) => a.ts - b.ts)) {
      if (!last) {
        last = s;
        const day = localDay(s.ts, timeZone);
        if (!increments.has(`${deviceId}|${day}`)) increments.set(`${deviceId}|${day}`, { deviceId, day, kWh: 0 });
        continue;
      }
      if (s.ts === last.ts) continue;
      if (s.ts < last.ts) {
        const entry = late.get(deviceId);
        if (entry) entry.ts.push(s.ts);
        else late.set(deviceId, { deviceId, timeZone, ts: [s.ts] });
        continue;
      }
      if (isCounterGlitch(last, s)) continue;
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
  return {
    increments: [...increments.values()]
      .sort((x, y) => x.deviceId - y.deviceId || (x.day < y.day ? -1 : x.day > y.day ? 1 : 0))
      .map((i) => ({ device_id: i.deviceId, day: i.day, energy_kwh: i.kWh })),
    counters: written.sort((x, y) => x.device_id - y.device_id),
    late: [...late.values()].sort((x, y) => x.deviceId - y.deviceId),
  };
}
