import { describe, expect, it } from 'vitest';
import { createFleet, type SimPlant } from './fleet.js';
import { gridFaultMessage, gridOf } from './grid.js';
import { simulateHistory } from './history.js';
import { PlantSim, SIM_FAULTS, type Outgoing } from './plant-sim.js';

const hz = (country: string, longitude?: number) => gridOf({ country, longitude }).frequencyHz;

/** Every gridFrequency / gridVoltage a plant's devices (and a collector's sub inverters) report. */
function gridPoints(out: Outgoing[]) {
  const f: number[] = [];
  const v: number[] = [];
  for (const o of out) {
    if (o.kind !== 'telemetry') continue;
    for (const points of [o.payload.points, ...(o.payload.sub ?? []).map((s) => s.points)]) {
      if (typeof points.gridFrequency === 'number') f.push(points.gridFrequency);
      if (typeof points.gridVoltage === 'number') v.push(points.gridVoltage);
    }
  }
  return { f, v };
}

const fleet = createFleet({ seed: 42, plants: 24 });
const plantIn = (city: string) => {
  const p = fleet.find((x) => x.city === city);
  if (!p) throw new Error(`no plant in ${city}`);
  return p;
};
const noon = Date.parse('2026-06-21T12:00:00Z');

describe('grid by country', () => {
  it('is 60 Hz in the Americas but the south of South America, Korea, Taiwan, the Philippines, Saudi Arabia and western Japan', () => {
    for (const c of ['US', 'CA', 'MX', 'BR', 'CO', 'PE', 'KR', 'TW', 'PH', 'SA']) expect(hz(c), c).toBe(60);
    for (const c of ['AR', 'CL', 'UY', 'PY', 'BO', 'DE', 'ES', 'CN', 'IN', 'AU', 'ZA', 'GB', 'FR'])
      expect(hz(c), c).toBe(50);
    expect(hz('JP', 135.5)).toBe(60); // Osaka
    expect(hz('JP', 136.9)).toBe(60); // Nagoya
    expect(hz('JP', 139.7)).toBe(50); // Tokyo
    expect(hz('JP', 141.35)).toBe(50); // Sapporo
    expect(hz('br')).toBe(60);
    // unknown, or no country: 50 Hz, 230 V
    expect(gridOf({})).toEqual({ frequencyHz: 50, voltageV: 230 });
    expect(gridOf({ country: 'US' }).voltageV).toBe(240);
    expect(gridOf({ country: 'JP', longitude: 139.7 }).voltageV).toBe(200);
  });

  it('gives each demo site its country', () => {
    expect(fleet.every((p) => /^[A-Z]{2}$/.test(p.country ?? ''))).toBe(true);
    expect(plantIn('São Paulo').country).toBe('BR');
    expect(plantIn('Phoenix').country).toBe('US');
  });
});

describe('the simulated grid', () => {
  const live = (plant: SimPlant) =>
    gridPoints(new PlantSim(plant, 42, { faultRatePerHour: 0, offlineRatePerHour: 0 }).step(noon, 60_000));
  const past = (plant: SimPlant) => {
    const out: Outgoing[] = [];
    simulateHistory(plant, { seed: 42, from: noon - 86_400_000, to: noon, stepAt: () => 3_600_000 }, (_ts, o) =>
      out.push(...o),
    );
    return gridPoints(out);
  };

  for (const [name, run] of [
    ['live', live],
    ['seeded history', past],
  ] as const)
    it(`${name}: a plant in São Paulo and in Phoenix reports about 60 Hz, in Berlin and Tokyo about 50 Hz`, () => {
      for (const [city, nominal, volts] of [
        ['São Paulo', 60, 220],
        ['Phoenix', 60, 240],
        ['Los Angeles', 60, 240],
        ['Berlin', 50, 230],
        ['Tokyo', 50, 200],
        ['Shanghai', 50, 220],
      ] as const) {
        const { f, v } = run(plantIn(city));
        expect(f.length, city).toBeGreaterThan(0);
        for (const x of f) expect(Math.abs(x - nominal), `${city} ${x} Hz`).toBeLessThan(0.1);
        for (const x of v) expect(Math.abs(x - volts), `${city} ${x} V`).toBeLessThan(10);
      }
    });
});

describe('grid faults', () => {
  it("give the limits of the plant's own grid", () => {
    expect(gridFaultMessage('F07', gridOf({ country: 'DE' }))).toBe('Grid overvoltage (Vac > 253 V)');
    expect(gridFaultMessage('F07', gridOf({ country: 'US' }))).toBe('Grid overvoltage (Vac > 264 V)');
    expect(gridFaultMessage('F08', gridOf({ country: 'BR' }))).toBe('Grid undervoltage (Vac < 176 V)');
    expect(gridFaultMessage('F09', gridOf({ country: 'US' }))).toBe('Grid frequency out of range (60.6 Hz)');
    expect(gridFaultMessage('F09', gridOf({ country: 'ES' }))).toBe('Grid frequency out of range (50.6 Hz)');
    expect(gridFaultMessage('F01', gridOf({ country: 'US' }))).toBeUndefined();
  });

  it('a simulated inverter in Phoenix trips above 264 V, one in Berlin above 253 V', () => {
    expect(SIM_FAULTS.inverter.some((f) => f.code === 'F07')).toBe(true);
    for (const [city, text] of [
      ['Phoenix', 'Grid overvoltage (Vac > 264 V)'],
      ['Berlin', 'Grid overvoltage (Vac > 253 V)'],
    ] as const) {
      const sim = new PlantSim(plantIn(city), 42, { faultRatePerHour: 60, offlineRatePerHour: 0 });
      const messages: string[] = [];
      for (let t = noon, n = 0; n < 2000 && !messages.length; n++, t += 60_000)
        for (const o of sim.step(t, 60_000))
          if (o.kind === 'event' && o.payload.type === 'fault' && o.payload.code === 'F07')
            messages.push(o.payload.message ?? '');
      expect(messages, city).toEqual([text]);
    }
  });
});
