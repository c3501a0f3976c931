import { describe, expect, it } from 'vitest';
import { clearSkyGhi, cosZenith, haurwitzGhi } from './index.js';

describe('Haurwitz clear-sky model', () => {
  it('gives 1098·exp(−0.057) W/m² with the sun at the zenith and 0 below the horizon', () => {
    expect(haurwitzGhi(1)).toBeCloseTo(1098 * Math.exp(-0.057), 6);
    expect(haurwitzGhi(0.5)).toBeCloseTo(549 * Math.exp(-0.114), 6);
    expect(haurwitzGhi(0)).toBe(0);
    expect(haurwitzGhi(-0.3)).toBe(0);
  });

  it('grows with the height of the sun', () => {
    let prev = 0;
    for (const c of [0.05, 0.2, 0.5, 0.8, 1]) {
      const ghi = haurwitzGhi(c);
      expect(ghi).toBeGreaterThan(prev);
      prev = ghi;
    }
  });

  it('puts the sun below the horizon at local midnight and near the zenith at a tropical solar noon', () => {
    expect(cosZenith(new Date('2026-06-20T16:00:00Z'), 31.23, 121.47)).toBeLessThan(0);
    // Havana (23.1° N) at the June solstice: the sun stands within a degree of the zenith at solar noon
    const highest = Math.max(
      ...Array.from({ length: 121 }, (_, i) =>
        cosZenith(new Date(Date.UTC(2026, 5, 21, 16, 30) + i * 60_000), 23.13, -82.38),
      ),
    );
    expect(highest).toBeGreaterThan(Math.cos((1 * Math.PI) / 180));
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
