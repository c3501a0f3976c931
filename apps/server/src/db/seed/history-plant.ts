import { DASHBOARD_BUCKET_MS, type Points } from '@pv/contract';
import { simulateHistory, type SimPlant } from '@pv/simulator';
import { DeviceSeries, type SeriesRows } from '../../ingest/index.js';

const FIVE_MIN = 300_000;
/** Step of the older days: the day's energy is the sum of power × step (the curve is smooth). */
const COARSE_MS = 60 * 60_000;

export interface DeviceRef {
  id: number;
  orgId: number;
}

/** One plant's history to simulate (plain data: it may go to a worker thread). */
export interface PlantJob {
  plant: SimPlant;
  seed: number;
  /** the installation, on the hour: the first instant, every counter at zero */
  from: number;
  /** the last instant (the start of the last whole 5-minute bucket) */
  to: number;
  /** 5-minute steps and averages from this instant on */
  detailFrom: number;
  /** the organisations' power curve from this instant on */
  powerFrom: number;
  devices: [string, DeviceRef][];
}

export type PowerRow = { org_id: number; bucket: number; power_w: number; n: number };
export type LastRow = { id: number; ts: number; points: string };

/** What one plant's history stores, per device and for its organisation's power curve. */
export interface PlantRows {
  devices: { id: number; rows: SeriesRows }[];
  power: PowerRow[];
  last: LastRow[];
  /** how long the simulation took */
  ms: number;
}

/**
 * One plant's history: the simulator's model stepped from the installation (hourly, then every 5
 * minutes from `detailFrom`), each device's samples turned into the rows the ingest would keep
 * (`DeviceSeries`), its inverters' power added up per 5-minute bucket, its last report kept.
 */
export function simulatePlant(job: PlantJob): PlantRows {
  const started = performance.now();
  const { plant, to, detailFrom, powerFrom } = job;
  const devices = new Map(job.devices);
  const rowsOptions = { timeZone: plant.timeZone, rollupFrom: detailFrom };
  const series = new Map<number, DeviceSeries>();
  const last = new Map<number, LastRow>();
  const orgPower = new Map<number, PowerRow>();
  const note = (sn: string, ts: number, points: Points, type: string) => {
    const ref = devices.get(sn);
    if (!ref) return;
    let device = series.get(ref.id);
    if (!device) series.set(ref.id, (device = new DeviceSeries(rowsOptions)));
    device.add(ts, points);
    if (ts === to) last.set(ref.id, { id: ref.id, ts, points: JSON.stringify(points) });
    if (ts >= powerFrom && type === 'inverter' && typeof points.acPower === 'number') {
      const bucket = Math.floor(ts / DASHBOARD_BUCKET_MS) * DASHBOARD_BUCKET_MS;
      const row = orgPower.get(bucket) ?? { org_id: ref.orgId, bucket, power_w: 0, n: 1 };
      row.power_w += points.acPower;
      orgPower.set(bucket, row);
    }
  };
  const types = new Map(plant.devices.map((d) => [d.sn, d.type]));
  simulateHistory(
    plant,
    {
      seed: job.seed,
      from: job.from,
      to,
      fromInstallation: true,
      stepAt: (ts) => (ts + COARSE_MS <= detailFrom ? COARSE_MS : FIVE_MIN),
    },
    (ts, out) => {
      for (const o of out) {
        if (o.kind !== 'telemetry') continue;
        note(o.sn, ts, o.payload.points, types.get(o.sn) ?? '');
        for (const sub of o.payload.sub ?? []) note(sub.sn, ts, sub.points, 'inverter');
      }
    },
  );
  return {
    devices: [...series].map(([id, device]) => ({ id, rows: device.rows() })),
    power: [...orgPower.values()].map((r) => ({ ...r, power_w: Math.round(r.power_w * 10) / 10 })),
    last: [...last.values()],
    ms: performance.now() - started,
  };
}
