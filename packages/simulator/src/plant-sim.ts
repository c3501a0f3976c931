import type { AckMessage, CommandMessage, EventMessage, TelemetryMessage } from '@pv/contract';
import { clearSkyGhi } from '@pv/solar';
import type { SimDeviceSpec, SimPlant } from './fleet.js';
import { gridFaultMessage, gridOf, type Grid } from './grid.js';
import { deriveSeed, Rng } from './random.js';
import { acPower } from './solar.js';
import { localDay, localHour } from './time.js';

export type Outgoing =
  | { sn: string; kind: 'telemetry'; payload: TelemetryMessage }
  | { sn: string; kind: 'event'; payload: EventMessage }
  | { sn: string; kind: 'ack'; payload: AckMessage };

export interface SimOptions {
  /** Chance per device per simulated hour of a fault (default 0.002). */
  faultRatePerHour?: number;
  /** Chance per device per simulated hour of going silent for a while (default 0.001). */
  offlineRatePerHour?: number;
  /**
   * Where a device's lifetime counter resumes (the SN that reports `energyTotal`: an inverter, a
   * collector's sub inverter, a battery), e.g. what the platform stored before a restart or after
   * backfilling history; without it a counter starts at a random reading.
   */
  resume?: (sn: string) => ResumedCounters | undefined;
  /**
   * Where a counter no `resume` covers starts: a random reading (a device that produced before
   * it was connected, the default) or zero (a device installed when the simulation starts).
   */
  counterStart?: 'random' | 'zero';
}

/** A device's counters as the platform last stored them. */
export interface ResumedCounters {
  /** the counter its `energyTotal` reports (an inverter's production, a battery's discharge) */
  energyTotal: number;
  energyToday: number;
  /** the plant-local day `energyToday` belongs to */
  day: string;
  /** its other lifetime counters by point (batteryChargeEnergy, meterImportEnergy, meterExportEnergy) */
  points?: Record<string, number>;
}

/** The version a device reports when its spec names none. */
const DEFAULT_FIRMWARE = 'V1.0.0';
/** How long a sky regime lasts before it blends into the next (cloudAt). */
const CLOUD_REGIME_MS = 2 * 3_600_000;
/** The period of the flicker under broken cloud. */
const CLOUD_FLICKER_MS = 10 * 60_000;

/** The point that reports each of a device's other counters (what `resume` reads them from). */
const COUNTER_POINT: Record<string, string> = {
  charge: 'batteryChargeEnergy',
  import: 'meterImportEnergy',
  export: 'meterExportEnergy',
};

/**
 * The faults each device type raises, with the raw text its display shows (the platform's
 * catalogue knows these codes). `stops`: the device stops producing while it lasts (a trip or a
 * latched protection); the others (derating, lost links) leave production as it is.
 */
export const SIM_FAULTS: Record<'inverter' | 'collector' | 'battery', readonly SimFault[]> = {
  inverter: [
    { code: 'F01', message: 'Iso fault: insulation resistance low', stops: true },
    { code: 'F07', message: 'Grid overvoltage (Vac > 253 V)', stops: true },
    { code: 'F12', message: 'DC arc detected', stops: true },
    { code: 'F23', message: 'Over temperature, derating', stops: false },
  ],
  collector: [{ code: 'F50', message: 'Meter RS485 timeout', stops: false }],
  battery: [
    { code: 'F31', message: 'BMS communication lost', stops: true },
    { code: 'F40', message: 'Battery over temperature', stops: true },
  ],
};

export interface SimFault {
  code: string;
  message: string;
  stops: boolean;
}

/**
 * The per-device hourly fault rate that makes a fleet raise about one fault every `everyMinutes`
 * (meters raise none; a device with a fault raises no other until it recovers).
 */
export function fleetFaultRate(plants: readonly SimPlant[], everyMinutes = 5): number {
  const devices = plants.reduce((n, p) => n + p.devices.filter((d) => d.type !== 'meter').length, 0);
  return devices ? 60 / everyMinutes / devices : 0;
}

interface CounterState {
  day: string;
  energyToday: number;
  energyTotal: number;
}

interface DeviceState {
  spec: SimDeviceSpec;
  rng: Rng;
  counters: Map<string, CounterState>;
  fault?: { code: string; until: number; stops: boolean };
  offlineUntil?: number;
  soc: number;
  firmware: string;
  /** an upgrade under way: of the device itself, or (a collector) of the sub inverter `subSn` */
  ota?: { cmdId: string; version: string; progress: number; subSn?: string };
  mode: string;
}

/**
 * One plant's physics and devices: shared weather (clouds, ambient temperature) and per-device
 * counters. `step(now, dtMs)` answers the messages the plant's devices send at `now`.
 */
export class PlantSim {
  private readonly rng: Rng;
  /** the seed of the sky (cloudAt) */
  private readonly skySeed: number;
  private readonly devices: DeviceState[];
  /** the versions a collector's sub inverters run (upgraded through their collector) */
  private readonly subFirmware: Map<string, string>;
  private readonly faultRate: number;
  private readonly offlineRate: number;
  /** its own stream, so adding weather left every other simulated value as it was */
  private readonly wxRng: Rng;
  private wind = 3;
  /**
   * the device that reports the plant's weather: the collector (its sensor inputs), else the first
   * inverter (an environment sensor on its RS-485 port); never a meter, which measures the grid only
   */
  private readonly weatherSn: string | undefined;
  private readonly resume: SimOptions['resume'];
  /** the grid the plant feeds: what its inverters and meters measure (50 or 60 Hz, 230 V, 240 V…) */
  private readonly grid: Grid;
  private readonly counterStart: NonNullable<SimOptions['counterStart']>;

  constructor(
    readonly plant: SimPlant,
    seed: number,
    options: SimOptions = {},
  ) {
    this.rng = new Rng(deriveSeed(seed, plant.id));
    this.skySeed = deriveSeed(seed, `${plant.id}/sky`);
    this.faultRate = options.faultRatePerHour ?? 0.002;
    this.offlineRate = options.offlineRatePerHour ?? 0.001;
    this.resume = options.resume;
    this.counterStart = options.counterStart ?? 'random';
    this.grid = gridOf(plant);
    this.wxRng = new Rng(deriveSeed(seed, `${plant.id}/weather`));
    this.weatherSn = (
      plant.devices.find((d) => d.type === 'collector') ?? plant.devices.find((d) => d.type === 'inverter')
    )?.sn;
    this.devices = plant.devices.map((spec) => {
      const rng = new Rng(deriveSeed(seed, spec.sn));
      return {
        spec,
        rng,
        counters: new Map(),
        soc: rng.between(30, 80),
        firmware: spec.firmware ?? DEFAULT_FIRMWARE,
        mode: 'auto',
      };
    });
    this.subFirmware = new Map(
      plant.devices.flatMap((d) => (d.subs ?? []).map((s) => [s.sn, s.firmware ?? DEFAULT_FIRMWARE] as const)),
    );
  }

  get serials(): string[] {
    return this.devices.map((d) => d.spec.sn);
  }

  /**
   * The sky at an instant (1 clear … 0.15 overcast): a pure function of the seed, the plant and the
   * time, so that every simulation of the plant (the demo's seeded past, the live run started after
   * it, a restart) sees the same sky at the same instant and a power curve has no step where one
   * hands over to the other. Regimes of two hours (clear three times in five, else broken or
   * overcast) blend into each other, with a 10-minute flicker under broken cloud.
   */
  cloudAt(now: number): number {
    const regime = (k: number) => {
      const r = new Rng(deriveSeed(this.skySeed, `regime/${k}`));
      return r.chance(0.6) ? r.between(0.85, 1) : r.between(0.25, 0.8);
    };
    const flicker = (k: number) => new Rng(deriveSeed(this.skySeed, `flicker/${k}`)).between(-1, 1);
    const blend = (at: number, period: number, value: (k: number) => number) => {
      const k = Math.floor(at / period);
      const f = (at - k * period) / period;
      const s = (1 - Math.cos(Math.PI * f)) / 2;
      return value(k) + (value(k + 1) - value(k)) * s;
    };
    const base = blend(now, CLOUD_REGIME_MS, regime);
    const cloud = base + blend(now, CLOUD_FLICKER_MS, flicker) * 0.12 * (1 - base);
    return Math.min(1, Math.max(0.15, cloud));
  }

  private weather(now: number) {
    const cloud = this.cloudAt(now);
    const hour = localHour(now, this.plant.timeZone);
    const base = 25 - Math.abs(this.plant.latitude) * 0.3;
    const ambient = base + 6 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + this.rng.normal() * 0.3;
    return { ghi: clearSkyGhi(new Date(now), this.plant.latitude, this.plant.longitude), ambient, cloud };
  }

  /** Ambient weather points (°C, %, m/s, hPa): humid under clouds, windier with them. */
  private weatherPoints(ambient: number, cloud: number) {
    this.wind = Math.min(
      20,
      Math.max(
        0,
        this.wind + (1 - cloud) * 0.5 * this.wxRng.normal() + (2.5 - this.wind) * 0.05 + this.wxRng.normal() * 0.3,
      ),
    );
    return {
      ambientTemperature: round(ambient, 1),
      humidity: round(Math.min(100, Math.max(5, 35 + (1 - cloud) * 60 + this.wxRng.normal() * 2)), 1),
      windSpeed: round(this.wind, 1),
      airPressure: round(1013 - (1 - cloud) * 12 + this.wxRng.normal() * 0.8, 1),
    };
  }

  private energy(device: DeviceState, key: string, now: number, powerW: number, dtMs: number): CounterState {
    const day = localDay(now, this.plant.timeZone);
    let c = device.counters.get(key);
    if (!c) {
      // drawn whether used or not, so the rest of the device's stream stays as it was
      const initial = device.rng.between(500, 20_000);
      const start = this.counterStart === 'zero' ? 0 : initial;
      const point = COUNTER_POINT[key];
      const resumed = this.resume?.(key === 'self' || key === 'discharge' || point ? device.spec.sn : key);
      if (point) {
        const total = resumed?.points?.[point];
        c =
          total === undefined
            ? { day, energyToday: 0, energyTotal: start }
            : { day, energyToday: 0, energyTotal: total };
      } else
        c = resumed
          ? { day: resumed.day, energyToday: resumed.energyToday, energyTotal: resumed.energyTotal }
          : { day, energyToday: 0, energyTotal: start };
      device.counters.set(key, c);
    }
    if (c.day !== day) {
      // the device's own counter resets at local midnight, as real inverters do
      c.day = day;
      c.energyToday = 0;
    }
    const kWh = (powerW * dtMs) / 3_600_000_000;
    c.energyToday += kWh;
    c.energyTotal += kWh;
    return c;
  }

  step(now: number, dtMs: number): Outgoing[] {
    const out: Outgoing[] = [];
    const w = this.weather(now);
    const hours = dtMs / 3_600_000;
    let pvTotal = 0;
    for (const d of this.devices) {
      if (d.offlineUntil && now < d.offlineUntil) continue;
      d.offlineUntil = undefined;
      if (d.rng.chance(this.offlineRate * hours)) {
        d.offlineUntil = now + d.rng.int(10, 90) * 60_000;
        continue;
      }
      if (d.fault && now >= d.fault.until) {
        out.push({ sn: d.spec.sn, kind: 'event', payload: { type: 'recover', ts: now, code: d.fault.code } });
        d.fault = undefined;
      } else if (!d.fault && d.spec.type !== 'meter' && d.rng.chance(this.faultRate * hours)) {
        const f = d.rng.pick(SIM_FAULTS[d.spec.type as keyof typeof SIM_FAULTS]);
        // most clear within the hour (grid trips, derating); the device then reports 'recover'
        d.fault = { code: f.code, until: now + d.rng.int(5, 60) * 60_000, stops: f.stops };
        out.push({
          sn: d.spec.sn,
          kind: 'event',
          payload: { type: 'fault', ts: now, code: f.code, message: gridFaultMessage(f.code, this.grid) ?? f.message },
        });
      }
      if (d.ota) {
        d.ota.progress = Math.min(100, d.ota.progress + 25);
        out.push({
          sn: d.spec.sn,
          kind: 'event',
          payload: { type: 'ota', ts: now, cmdId: d.ota.cmdId, progress: d.ota.progress, version: d.ota.version },
        });
        if (d.ota.progress >= 100) {
          if (d.ota.subSn) this.subFirmware.set(d.ota.subSn, d.ota.version);
          else d.firmware = d.ota.version;
          out.push({
            sn: d.spec.sn,
            kind: 'ack',
            payload: { ts: now, cmdId: d.ota.cmdId, ok: true, content: `upgraded to ${d.ota.version}` },
          });
          d.ota = undefined;
        }
      }
      // shut down by a control 'close' (PCS or MPPT): no production, and it says so
      const shutDown = d.mode === 'close';
      const stopped = !!d.fault?.stops || shutDown;
      const runState = shutDown ? { runState: 'stop' as const } : {};
      if (d.spec.type === 'inverter') {
        const p = stopped ? 0 : acPower(d.spec.capacityWp ?? 0, w.ghi, w.ambient, w.cloud);
        pvTotal += p;
        const points = this.inverterPoints(d, 'self', now, p, dtMs, w.ambient);
        out.push({
          sn: d.spec.sn,
          kind: 'telemetry',
          payload: {
            ts: now,
            points: d.spec.sn === this.weatherSn ? { ...points, ...this.weatherPoints(w.ambient, w.cloud) } : points,
            ...runState,
          },
        });
      } else if (d.spec.type === 'collector') {
        const sub = (d.spec.subs ?? []).map((s) => {
          const p = stopped ? 0 : acPower(s.capacityWp, w.ghi, w.ambient, w.cloud);
          pvTotal += p;
          return { sn: s.sn, points: this.inverterPoints(d, s.sn, now, p, dtMs, w.ambient), ...runState };
        });
        const rssi = Math.round(-60 + d.rng.normal() * 5);
        out.push({
          sn: d.spec.sn,
          kind: 'telemetry',
          payload: {
            ts: now,
            points: d.spec.sn === this.weatherSn ? { rssi, ...this.weatherPoints(w.ambient, w.cloud) } : { rssi },
            sub,
          },
        });
      }
    }
    // Batteries and meters follow the plant's production and a household load.
    const hour = localHour(now, this.plant.timeZone);
    const load = 400 + 900 * Math.exp(-((hour - 19) ** 2) / 6) + 500 * Math.exp(-((hour - 8) ** 2) / 3);
    let batteryPower = 0;
    for (const d of this.devices) {
      if (d.offlineUntil && now < d.offlineUntil) continue;
      if (d.spec.type === 'battery') {
        const capacity = d.spec.batteryKWh ?? 10;
        const surplus = pvTotal - load;
        const limit = capacity * 500; // 0.5 C
        let p = d.mode === 'close' ? 0 : Math.max(-limit, Math.min(limit, -surplus)); // > 0 discharges
        if (p > 0 && d.soc <= 10) p = 0;
        if (p < 0 && d.soc >= 100) p = 0;
        d.soc = Math.min(100, Math.max(0, d.soc - ((p * dtMs) / 3_600_000_000 / capacity) * 100));
        batteryPower = p;
        const c = this.energy(d, 'discharge', now, Math.max(0, p), dtMs);
        const charged = this.energy(d, 'charge', now, Math.max(0, -p), dtMs);
        out.push({
          sn: d.spec.sn,
          kind: 'telemetry',
          payload: {
            ts: now,
            points: {
              batterySoc: round(d.soc, 1),
              batteryPower: Math.round(p),
              energyToday: round(c.energyToday, 3),
              energyTotal: round(c.energyTotal, 3),
              batteryChargeEnergy: round(charged.energyTotal, 3),
              batteryDischargeEnergy: round(c.energyTotal, 3),
              temperature: round(w.ambient + 3, 1),
            },
            ...(d.mode === 'close' && { runState: 'stop' as const }),
          },
        });
      }
    }
    for (const d of this.devices) {
      if (d.spec.type !== 'meter' || (d.offlineUntil && now < d.offlineUntil)) continue;
      const net = load - pvTotal - batteryPower; // > 0 imports from the grid
      const imp = this.energy(d, 'import', now, Math.max(0, net), dtMs);
      const exp = this.energy(d, 'export', now, Math.max(0, -net), dtMs);
      out.push({
        sn: d.spec.sn,
        kind: 'telemetry',
        payload: {
          ts: now,
          points: {
            meterImportPower: Math.round(Math.max(0, net)),
            meterExportPower: Math.round(Math.max(0, -net)),
            meterImportEnergy: round(imp.energyTotal, 3),
            meterExportEnergy: round(exp.energyTotal, 3),
            gridVoltage: round(this.grid.voltageV + d.rng.normal() * 1.5, 1),
          },
        },
      });
    }
    return out;
  }

  private inverterPoints(d: DeviceState, key: string, now: number, p: number, dtMs: number, ambient: number) {
    const c = this.energy(d, key, now, p, dtMs);
    const vmp = p > 0 ? 360 + d.rng.normal() * 4 : 0;
    return {
      acPower: Math.round(p),
      energyToday: round(c.energyToday, 3),
      energyTotal: round(c.energyTotal, 3),
      pv1Voltage: round(vmp, 1),
      pv1Current: round(vmp > 0 ? p / 0.97 / vmp : 0, 2),
      gridVoltage: round(this.grid.voltageV + d.rng.normal() * 1.5, 1),
      gridFrequency: round(this.grid.frequencyHz + d.rng.normal() * 0.01, 2),
      temperature: round(ambient + p / 400, 1),
    };
  }

  /** A command from the platform: answers the ack (OTA acks when its progress reaches 100). */
  command(sn: string, cmd: CommandMessage, now: number): Outgoing[] {
    const d = this.devices.find((x) => x.spec.sn === sn);
    if (!d) return [];
    const ack = (ok: boolean, content: string): Outgoing[] => [
      { sn, kind: 'ack', payload: { ts: now, cmdId: cmd.cmdId, ok, content } },
    ];
    switch (cmd.kind) {
      case 'control': {
        const mode = String(cmd.params.mode ?? '');
        if (!mode) return ack(false, 'missing mode');
        d.mode = mode;
        return ack(true, `mode=${mode}`);
      }
      case 'ota': {
        const version = String(cmd.params.version ?? '');
        if (!version) return ack(false, 'missing version');
        // a collector upgrades the sub inverter named (the platform names the device itself when it is the target)
        const subSn = String(cmd.params.subSn ?? sn);
        d.ota = { cmdId: cmd.cmdId, version, progress: 0, ...(subSn !== sn && { subSn }) };
        return [{ sn, kind: 'event', payload: { type: 'ota', ts: now, cmdId: cmd.cmdId, progress: 0, version } }];
      }
      case 'reboot':
        d.fault = undefined;
        return ack(true, 'rebooted');
      case 'setting':
        return ack(true, JSON.stringify(cmd.params));
    }
  }

  /** The versions a device reports when it connects (an `info` event). */
  info(sn: string, now: number): Outgoing {
    return {
      sn,
      kind: 'event',
      payload: {
        type: 'info',
        ts: now,
        hwVersion: 'H1.0',
        swVersion: this.firmwareOf(sn) ?? DEFAULT_FIRMWARE,
        protocolVersion: '1.0',
      },
    };
  }

  firmwareOf(sn: string): string | undefined {
    return this.devices.find((x) => x.spec.sn === sn)?.firmware ?? this.subFirmware.get(sn);
  }
}

const SCALE = [1, 10, 100, 1000];
/** v to `digits` decimals (0–3); the arithmetic way, as toFixed is slow (history steps a year of it) */
const round = (v: number, digits: number) => Math.round(v * SCALE[digits]!) / SCALE[digits]!;
