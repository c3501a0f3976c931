import { describe, expect, it } from 'vitest';
import { toControlParams } from './control-rules';

describe('control panel rules (spec §5: time period and power setting must be correct)', () => {
  it('accepts PCS charge with a power and ordered periods', () => {
    expect(
      toControlParams({
        target: 'pcs',
        mode: 'charge',
        power: 3000,
        periods: [
          { start: '13:00', end: '15:00' },
          { start: '08:00', end: '12:00' },
        ],
      }),
    ).toEqual({
      ok: true,
      params: {
        target: 'pcs',
        mode: 'charge',
        power: 3000,
        periods: [
          { start: '13:00', end: '15:00' },
          { start: '08:00', end: '12:00' },
        ],
      },
    });
  });

  it('refuses PCS charge or discharge without a power, or with one out of range', () => {
    expect(toControlParams({ target: 'pcs', mode: 'discharge', power: null })).toEqual({ ok: false, field: 'power' });
    expect(toControlParams({ target: 'pcs', mode: 'charge', power: 0 })).toEqual({ ok: false, field: 'power' });
    expect(toControlParams({ target: 'pcs', mode: 'charge', power: 2_000_000 })).toEqual({ ok: false, field: 'power' });
  });

  it('refuses overlapping, reversed or malformed periods', () => {
    expect(
      toControlParams({
        target: 'mppt',
        mode: 'charge',
        periods: [
          { start: '08:00', end: '12:00' },
          { start: '11:00', end: '13:00' },
        ],
      }),
    ).toEqual({ ok: false, field: 'periods' });
    expect(toControlParams({ target: 'mppt', mode: 'charge', periods: [{ start: '12:00', end: '08:00' }] })).toEqual({
      ok: false,
      field: 'periods',
    });
    expect(toControlParams({ target: 'mppt', mode: 'charge', periods: [{ start: '8:00', end: '09:00' }] })).toEqual({
      ok: false,
      field: 'periods',
    });
    expect(toControlParams({ target: 'mppt', mode: 'charge', periods: [{ start: '08:00' }] })).toEqual({
      ok: false,
      field: 'periods',
    });
  });

  it('sends no power for the close modes and no periods for the battery; refuses a mode of another target', () => {
    expect(toControlParams({ target: 'pcs', mode: 'close', power: 500 })).toEqual({
      ok: true,
      params: { target: 'pcs', mode: 'close' },
    });
    expect(
      toControlParams({ target: 'battery', mode: 'cannotControl', periods: [{ start: '10:00', end: '09:00' }] }),
    ).toEqual({ ok: true, params: { target: 'battery', mode: 'cannotControl' } });
    expect(toControlParams({ target: 'mppt', mode: 'discharge' })).toEqual({ ok: false, field: 'mode' });
  });
});
