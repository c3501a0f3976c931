import { eventMessage, NAME_RE } from '@pv/contract';
import { describe, expect, it } from 'vitest';
import { createFleet, createInverterFleet } from './fleet.js';
import { fleetFaultRate, PlantSim, SIM_FAULTS, type Outgoing } from './plant-sim.js';
import { Rng } from './random.js';

const telemetryOf = (out: Outgoing[], sn: string) => {
  const m = out.find((o) => o.sn === sn && o.kind === 'telemetry');
  if (!m || m.kind !== 'telemetry') throw new Error(`no telemetry from ${sn}`);
  return m.payload;
};

describe('seeded randomness', () => {
  it('repeats with the same seed and differs with another', () => {
    const a = new Rng(7);
    const b = new Rng(7);
    const c = new Rng(8);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    for (const v of seqA) expect(v >= 0 && v < 1).toBe(true);
  });
});

describe('fleet', () => {
  it('reports its versions in an info event the platform accepts', () => {
    const plants = createFleet({ seed: 42, plants: 2 });
    const sim = new PlantSim(plants[0]!, 42);
    const sn = plants[0]!.devices[0]!.sn;
    const out = sim.info(sn, Date.parse('2026-06-21T04:00:00Z'));
    expect(eventMessage.parse(out.payload)).toMatchObject({
      type: 'info',
      hwVersion: 'H1.0',
      swVersion: 'V1.0.0',
      protocolVersion: '1.0',
    });
  });

  it("names its plants as the console's name rule allows (spec §5), so they can be edited", () => {
    for (const p of [...createFleet({ seed: 42, plants: 24 }), ...createInverterFleet(1, 200)])
      expect(p.name).toMatch(NAME_RE);
  });

  it('is the same for the same seed, spread over several time zones, with unique SNs', () => {
    const a = createFleet({ seed: 1, plants: 24 });
    expect(createFleet({ seed: 1, plants: 24 })).toEqual(a);
    expect(new Set(a.map((p) => p.timeZone)).size).toBeGreaterThanOrEqual(8);
    const sns = a.flatMap((p) => p.devices.map((d) => d.sn));
    expect(new Set(sns).size).toBe(sns.length);
    expect(a.every((p) => p.devices.some((d) => d.type === 'inverter'))).toBe(true);
  });

  it("reports each plant's weather once, from its collector or an inverter, never from a meter or a battery", () => {
    const weather = ['ambientTemperature', 'humidity', 'windSpeed', 'airPressure'];
    const at = Date.parse('2026-06-21T04:00:00Z');
    for (const p of createFleet({ seed: 42, plants: 24 })) {
      const out = new PlantSim(p, 42, { faultRatePerHour: 0, offlineRatePerHour: 0 }).step(at, 60_000);
      const reporters = p.devices.filter((d) => weather.some((w) => w in telemetryOf(out, d.sn).points));
      expect(
        reporters.map((d) => d.type),
        p.name,
      ).toHaveLength(1);
      expect(['collector', 'inverter']).toContain(reporters[0]!.type);
    }
  });

  it('makes exactly the asked number of benchmark inverters', () => {
    const fleet = createInverterFleet(3, 1005);
    expect(fleet.reduce((s, p) => s + p.devices.length, 0)).toBe(1005);
  });
});

describe('plant simulation', () => {
  const plant = {
    id: 'P1',
    name: 'Test',
    latitude: 31.23,
    longitude: 121.47,
    timeZone: 'Asia/Shanghai',
    capacityWp: 5000,
    devices: [{ sn: 'INV1', type: 'inverter' as const, plantId: 'P1', capacityWp: 5000 }],
  };
  const quiet = { faultRatePerHour: 0, offlineRatePerHour: 0 };

  /** Every output of a sim stepped every 5 minutes from `from` for `hours`. */
  const run = (sim: PlantSim, from: string, hours: number) => {
    const out: Outgoing[][] = [];
    const step = 5 * 60_000;
    for (let t = Date.parse(from), end = t + hours * 3_600_000; t < end; t += step) out.push(sim.step(t, step));
    return out;
  };

  it('repeats itself exactly for the same seed, and not for another', () => {
    const a = run(new PlantSim(plant, 7), '2026-06-21T00:00:00Z', 24);
    expect(run(new PlantSim(plant, 7), '2026-06-21T00:00:00Z', 24)).toEqual(a);
    expect(run(new PlantSim(plant, 8), '2026-06-21T00:00:00Z', 24)).not.toEqual(a);
  });

  it('goes silent for offline spells of 10 to 90 minutes, then reports again', () => {
    const steps = run(
      new PlantSim(plant, 3, { faultRatePerHour: 0, offlineRatePerHour: 0.3 }),
      '2026-06-21T00:00:00Z',
      48,
    );
    const silent = steps.map((out) => !out.some((o) => o.sn === 'INV1' && o.kind === 'telemetry'));
    const spells: number[] = [];
    for (let i = 0, n = 0; i <= silent.length; i++) {
      if (i < silent.length && silent[i]) n++;
      else if (n) {
        if (i < silent.length) spells.push(n); // a spell still running at the end has no known length
        n = 0;
      }
    }
    expect(spells.length).toBeGreaterThan(0);
    // the step that starts a spell is silent too: 10–90 minutes is 2 to 19 steps of 5 minutes (a
    // spell may start again the moment one ends, so two can run into each other)
    for (const n of spells) expect(n).toBeGreaterThanOrEqual(2);
    expect(spells.filter((n) => n <= 19).length).toBeGreaterThan(spells.length / 2);
    expect(silent.filter((s) => !s).length).toBeGreaterThan(silent.length / 2);
  });

  it('sees the same sky at the same instant however it was started: a seeded past and a live run meet without a step', () => {
    const past = new PlantSim(plant, 7, quiet);
    run(past, '2026-06-01T00:00:00Z', 27); // 27 hours: 03:00 UTC (11:00 Shanghai) the next day
    const live = new PlantSim(plant, 7, quiet); // a live run starting at that instant
    const at = Date.parse('2026-06-02T03:00:00Z');
    const step = 5 * 60_000;
    const a = telemetryOf(past.step(at, step), 'INV1').points.acPower as number;
    const b = telemetryOf(live.step(at, step), 'INV1').points.acPower as number;
    expect(a).toBeGreaterThan(0);
    // the same irradiance and clouds; only the per-step temperature noise differs (a few watts)
    expect(Math.abs(a - b)).toBeLessThan(plant.capacityWp * 0.02);
    for (let t = at; t < at + 6 * 3_600_000; t += step) expect(past.cloudAt(t)).toBe(live.cloudAt(t));
    // and the sky changes over a few days: clear spells and cloudy ones
    const sky = Array.from({ length: 288 * 5 }, (_, i) => past.cloudAt(at + i * step));
    expect(Math.max(...sky)).toBeGreaterThan(0.85);
    expect(Math.min(...sky)).toBeLessThan(0.8);
    // smoothly: no jump of more than a fifth between two 5-minute steps
    for (let i = 1; i < sky.length; i++) expect(Math.abs(sky[i]! - sky[i - 1]!)).toBeLessThan(0.2);
  });

  it('varies the midday power from day to day with the clouds, never above the capacity', () => {
    const sim = new PlantSim(plant, 11, quiet);
    const noon: number[] = [];
    const steps = run(sim, '2026-06-01T00:00:00Z', 24 * 10);
    // 12:00 Shanghai is 04:00 UTC: step 48 of each day
    for (let day = 0; day < 10; day++) noon.push(Number(telemetryOf(steps[day * 288 + 48]!, 'INV1').points.acPower));
    expect(new Set(noon.map((w) => Math.round(w / 50))).size).toBeGreaterThan(3);
    expect(Math.max(...noon)).toBeLessThanOrEqual(plant.capacityWp);
    expect(Math.min(...noon)).toBeGreaterThan(0);
  });

  it('produces at noon, not at night, and the daily counter restarts at local midnight', () => {
    const sim = new PlantSim(plant, 1, quiet);
    const step = 5 * 60_000;
    // 2026-06-21 05:00 → 2026-06-22 02:00 Shanghai time
    let t = Date.parse('2026-06-20T21:00:00Z');
    let previousTotal = 0;
    let maxToday = 0;
    let noonPower = 0;
    let midnightToday = -1;
    for (; t <= Date.parse('2026-06-21T18:00:00Z'); t += step) {
      const p = telemetryOf(sim.step(t, step), 'INV1').points;
      expect(p.energyTotal!).toBeGreaterThanOrEqual(previousTotal);
      previousTotal = p.energyTotal!;
      maxToday = Math.max(maxToday, p.energyToday!);
      if (t === Date.parse('2026-06-21T04:00:00Z')) noonPower = p.acPower!;
      if (t === Date.parse('2026-06-21T16:05:00Z')) midnightToday = p.energyToday!; // 00:05 local
      if (t === Date.parse('2026-06-21T14:00:00Z')) expect(p.acPower).toBe(0); // 22:00 local
    }
    expect(noonPower).toBeGreaterThan(1000);
    expect(maxToday).toBeGreaterThan(5); // a clear-ish June day of a 5 kWp plant
    expect(maxToday).toBeLessThan(45);
    expect(midnightToday).toBe(0);
  });

  it('acknowledges commands and reports OTA progress up to the new version', () => {
    const sim = new PlantSim(plant, 1, quiet);
    const now = Date.parse('2026-06-21T04:00:00Z');
    const [ack] = sim.command('INV1', { cmdId: 'c1', kind: 'control', params: { mode: 'charge' } }, now);
    expect(ack).toMatchObject({ kind: 'ack', payload: { cmdId: 'c1', ok: true } });
    const bad = sim.command('INV1', { cmdId: 'c2', kind: 'control', params: {} }, now);
    expect(bad[0]).toMatchObject({ kind: 'ack', payload: { cmdId: 'c2', ok: false } });
    sim.command('INV1', { cmdId: 'c3', kind: 'ota', params: { version: 'V2.0.0' } }, now);
    const progress: number[] = [];
    let acked = false;
    for (let i = 1; i <= 5; i++) {
      for (const o of sim.step(now + i * 60_000, 60_000)) {
        if (o.kind === 'event' && o.payload.type === 'ota') progress.push(o.payload.progress);
        if (o.kind === 'ack' && o.payload.cmdId === 'c3') acked = o.payload.ok;
      }
    }
    expect(progress).toEqual([25, 50, 75, 100]);
    expect(acked).toBe(true);
    expect(sim.firmwareOf('INV1')).toBe('V2.0.0');
  });

  it('runs the firmware its spec names, and an OTA through a collector upgrades the sub inverter, not the collector', () => {
    const sim = new PlantSim(
      {
        ...plant,
        devices: [
          {
            sn: 'COL1',
            type: 'collector',
            plantId: 'P1',
            firmware: 'V1.1.5',
            subs: [{ sn: 'SUB1', capacityWp: 3000, firmware: 'V2.0.1' }],
          },
        ],
      },
      1,
      quiet,
    );
    const now = Date.parse('2026-06-21T04:00:00Z');
    expect(sim.info('COL1', now).payload).toMatchObject({ swVersion: 'V1.1.5' });
    expect(sim.firmwareOf('SUB1')).toBe('V2.0.1');
    sim.command('COL1', { cmdId: 'c4', kind: 'ota', params: { version: 'V2.1.0', subSn: 'SUB1' } }, now);
    for (let i = 1; i <= 4; i++) sim.step(now + i * 60_000, 60_000);
    expect(sim.firmwareOf('SUB1')).toBe('V2.1.0');
    expect(sim.firmwareOf('COL1')).toBe('V1.1.5');
    // aimed at the collector itself (the console names it as its own sub SN)
    sim.command('COL1', { cmdId: 'c5', kind: 'ota', params: { version: 'V1.2.0', subSn: 'COL1' } }, now);
    for (let i = 5; i <= 8; i++) sim.step(now + i * 60_000, 60_000);
    expect(sim.firmwareOf('COL1')).toBe('V1.2.0');
  });

  it('stops producing and reports the run state stop after a control close, and resumes on the next mode', () => {
    const sim = new PlantSim(plant, 1, quiet);
    const noon = Date.parse('2026-06-21T04:00:00Z');
    const before = telemetryOf(sim.step(noon, 60_000), 'INV1');
    expect(before.points.acPower).toBeGreaterThan(1000);
    expect(before.runState).toBeUndefined();
    sim.command('INV1', { cmdId: 'c1', kind: 'control', params: { target: 'mppt', mode: 'close' } }, noon);
    const closed = telemetryOf(sim.step(noon + 60_000, 60_000), 'INV1');
    expect(closed).toMatchObject({ runState: 'stop', points: { acPower: 0 } });
    sim.command('INV1', { cmdId: 'c2', kind: 'control', params: { target: 'mppt', mode: 'charge' } }, noon);
    const resumed = telemetryOf(sim.step(noon + 120_000, 60_000), 'INV1');
    expect(resumed.runState).toBeUndefined();
    expect(resumed.points.acPower).toBeGreaterThan(1000);
  });

  it('opens and recovers faults when the rate says so', () => {
    const sim = new PlantSim(plant, 5, { faultRatePerHour: 1000, offlineRatePerHour: 0 });
    const t0 = Date.parse('2026-06-21T04:00:00Z');
    const first = sim.step(t0, 3_600_000);
    const fault = first.find((o) => o.kind === 'event');
    expect(fault).toMatchObject({ kind: 'event', payload: { type: 'fault' } });
    expect(telemetryOf(first, 'INV1').points.acPower).toBe(0);
    const later = sim.step(t0 + 5 * 3_600_000, 60_000);
    expect(later.some((o) => o.kind === 'event' && o.payload.type === 'recover')).toBe(true);
  });
});

describe('counters of every device type', () => {
  const plant = {
    id: 'P2',
    name: 'Counters',
    latitude: 31.23,
    longitude: 121.47,
    timeZone: 'Asia/Shanghai',
    capacityWp: 8000,
    devices: [
      { sn: 'INV2', type: 'inverter' as const, plantId: 'P2', capacityWp: 8000 },
      { sn: 'BAT2', type: 'battery' as const, plantId: 'P2', batteryKWh: 10 },
      { sn: 'MET2', type: 'meter' as const, plantId: 'P2' },
    ],
  };
  const quiet = { faultRatePerHour: 0, offlineRatePerHour: 0 };
  const noon = Date.parse('2026-06-21T04:00:00Z');

  it('start at zero for a plant installed now, and a battery reports its charged and discharged energy', () => {
    const sim = new PlantSim(plant, 3, { ...quiet, counterStart: 'zero' });
    const first = sim.step(noon, 0);
    expect(telemetryOf(first, 'INV2').points.energyTotal).toBe(0);
    expect(telemetryOf(first, 'BAT2').points).toMatchObject({ batteryChargeEnergy: 0, batteryDischargeEnergy: 0 });
    expect(telemetryOf(first, 'MET2').points).toMatchObject({ meterImportEnergy: 0, meterExportEnergy: 0 });
    // an hour of noon sun: the inverter produces, the battery charges from the surplus (negative power)
    const later = sim.step(noon + 3_600_000, 3_600_000);
    const bat = telemetryOf(later, 'BAT2').points;
    expect(telemetryOf(later, 'INV2').points.energyTotal).toBeGreaterThan(1);
    expect(bat.batteryPower).toBeLessThan(0);
    expect(bat.batteryChargeEnergy).toBeCloseTo(-(bat.batteryPower as number) / 1000, 3);
    expect(bat.batteryDischargeEnergy).toBe(bat.energyTotal);
  });

  it("resume every counter where the platform's stored readings left them", () => {
    const stored: Record<
      string,
      { energyTotal: number; energyToday: number; day: string; points?: Record<string, number> }
    > = {
      INV2: { energyTotal: 1234.5, energyToday: 3, day: '2026-06-21' },
      BAT2: { energyTotal: 80, energyToday: 1, day: '2026-06-21', points: { batteryChargeEnergy: 95 } },
      MET2: {
        energyTotal: 0,
        energyToday: 0,
        day: '2026-06-21',
        points: { meterImportEnergy: 400, meterExportEnergy: 300 },
      },
    };
    const sim = new PlantSim(plant, 3, { ...quiet, resume: (sn) => stored[sn] });
    const out = sim.step(noon, 0);
    expect(telemetryOf(out, 'INV2').points).toMatchObject({ energyTotal: 1234.5, energyToday: 3 });
    expect(telemetryOf(out, 'BAT2').points).toMatchObject({ energyTotal: 80, batteryChargeEnergy: 95 });
    expect(telemetryOf(out, 'MET2').points).toMatchObject({ meterImportEnergy: 400, meterExportEnergy: 300 });
  });
});

describe('fault rate of a fleet', () => {
  it('makes a fleet raise about one fault every few minutes, whatever its size', () => {
    const fleet = createFleet({ seed: 42, plants: 24 });
    const devices = fleet.reduce((n, p) => n + p.devices.filter((d) => d.type !== 'meter').length, 0);
    const rate = fleetFaultRate(fleet, 5);
    expect(rate * devices).toBeCloseTo(12); // 12 an hour: one every 5 minutes
    // over six simulated hours in 10 s steps, the fleet raises faults of its catalogue's codes
    const sims = fleet.map((p) => new PlantSim(p, 42, { faultRatePerHour: rate, offlineRatePerHour: 0 }));
    const t0 = Date.parse('2026-06-21T00:00:00Z');
    const codes: string[] = [];
    for (let t = t0; t < t0 + 6 * 3_600_000; t += 10_000)
      for (const sim of sims)
        for (const o of sim.step(t, 10_000))
          if (o.kind === 'event' && o.payload.type === 'fault') codes.push(o.payload.code);
    expect(codes.length).toBeGreaterThan(36);
    expect(codes.length).toBeLessThan(110);
    const known = Object.values(SIM_FAULTS).flatMap((list) => list.map((f) => f.code));
    expect(codes.every((c) => known.includes(c))).toBe(true);
    // 2,160 steps of 24 plants: about 2 s alone, far more on a 2-core machine running another suite
  }, 60_000);
});
