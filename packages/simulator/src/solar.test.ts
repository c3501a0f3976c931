import { describe, expect, it } from 'vitest';
import { acPower, clearSkyGhi, haurwitzGhi, temperatureDerate } from './solar.js';

describe('Haurwitz clear-sky model', () => {
  it('gives 1098·exp(−0.057) W/m² with the sun at the zenith and 0 below the horizon', () => {
    expect(haurwitzGhi(1)).toBeCloseTo(1098 * Math.exp(-0.057), 6);
    expect(haurwitzGhi(0)).toBe(0);
    expect(haurwitzGhi(-0.3)).toBe(0);
  });

  it('is dark at local midnight and bright near solar noon in Shanghai', () => {
    // 2026-06-21 00:00 and 12:00 China Standard Time (UTC+8)
    expect(clearSkyGhi(new Date('2026-06-20T16:00:00Z'), 31.23, 121.47)).toBe(0);
    const noon = clearSkyGhi(new Date('2026-06-21T04:00:00Z'), 31.23, 121.47);
    expect(noon).toBeGreaterThan(900);
    expect(noon).toBeLessThan(1040);
  });

  it('gives more sun at noon in summer than in winter, with the seasons swapped south of the equator', () => {
    const juneShanghai = clearSkyGhi(new Date('2026-06-21T04:00:00Z'), 31.23, 121.47);
    const decShanghai = clearSkyGhi(new Date('2026-12-21T04:00:00Z'), 31.23, 121.47);
    expect(juneShanghai).toBeGreaterThan(decShanghai * 1.3);
    const juneSydney = clearSkyGhi(new Date('2026-06-21T02:00:00Z'), -33.87, 151.21);
    const decSydney = clearSkyGhi(new Date('2026-12-21T01:00:00Z'), -33.87, 151.21);
    expect(decSydney).toBeGreaterThan(juneSydney * 1.3);
  });
});

describe('AC power', () => {
  it('derates hot modules and never exceeds the capacity', () => {
    expect(temperatureDerate(10, 200)).toBe(1);
    expect(temperatureDerate(35, 1000)).toBeCloseTo(1 - 0.004 * 40, 6);
    expect(acPower(5000, 1000, 20, 1)).toBeLessThanOrEqual(5000);
    expect(acPower(5000, 1000, 20, 0.5)).toBeCloseTo(acPower(5000, 1000, 20, 1) / 2, 6);
    expect(acPower(5000, 0, 20, 1)).toBe(0);
  });
});
