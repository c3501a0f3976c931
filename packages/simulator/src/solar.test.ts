import { describe, expect, it } from 'vitest';
import { acPower, temperatureDerate } from './solar.js';

describe('AC power', () => {
  it('derates hot modules and never exceeds the capacity', () => {
    expect(temperatureDerate(10, 200)).toBe(1);
    expect(temperatureDerate(35, 1000)).toBeCloseTo(1 - 0.004 * 40, 6);
    expect(acPower(5000, 1000, 20, 1)).toBeLessThanOrEqual(5000);
    expect(acPower(5000, 1000, 20, 0.5)).toBeCloseTo(acPower(5000, 1000, 20, 1) / 2, 6);
    expect(acPower(5000, 0, 20, 1)).toBe(0);
  });
});
