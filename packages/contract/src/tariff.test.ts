import { describe, expect, it } from 'vitest';
import { currencyDigits, isCurrency, minorToDecimal } from './currency.js';
import { checkTariffPeriods, priceBody } from './tariff.js';

const P = (from: string, to: string, extra: object = {}) => ({ from, to, days: 'all' as const, months: [], ...extra });

describe('time-of-use periods (spec §5 "Time period setting must be correct")', () => {
  it('accepts periods that cover the day once, across midnight too', () => {
    expect(checkTariffPeriods([P('08:00', '20:00'), P('20:00', '08:00')])).toBeNull();
    expect(checkTariffPeriods([P('00:00', '00:00')])).toBeNull();
    expect(checkTariffPeriods([P('00:00', '07:00'), P('07:00', '24:00')])).toBeNull();
  });
  it('names the period at fault for an overlap, -1 for a gap', () => {
    expect(checkTariffPeriods([P('08:00', '20:00'), P('19:00', '08:00')])).toBe(1);
    expect(checkTariffPeriods([P('08:00', '20:00'), P('21:00', '08:00')])).toBe(-1);
    expect(checkTariffPeriods([])).toBe(-1);
  });
  it('checks weekdays, weekends and seasons separately', () => {
    const week = [P('00:00', '00:00', { days: 'weekdays' }), P('00:00', '00:00', { days: 'weekends' })];
    expect(checkTariffPeriods(week)).toBeNull();
    expect(checkTariffPeriods(week.slice(0, 1))).toBe(-1);
    const seasons = [
      P('00:00', '00:00', { months: [6, 7, 8] }),
      P('00:00', '00:00', { months: [1, 2, 3, 4, 5, 9, 10, 11, 12] }),
    ];
    expect(checkTariffPeriods(seasons)).toBeNull();
    expect(checkTariffPeriods([...seasons, P('12:00', '13:00', { months: [7] })])).toBe(2);
  });
  it('the price body carries the rule, the price format and the validity order', () => {
    const base = {
      companyId: 1,
      area: 'A',
      validFrom: '2026-01-01',
      periods: [{ name: 'flat', from: '00:00', to: '00:00', price: '0.25' }],
    };
    expect(priceBody.safeParse(base).success).toBe(true);
    expect(priceBody.safeParse({ ...base, validTo: '2025-12-31' }).success).toBe(false);
    expect(priceBody.safeParse({ ...base, periods: [{ ...base.periods[0], price: '-1' }] }).success).toBe(false);
    expect(priceBody.safeParse({ ...base, validFrom: '2026-02-30' }).success).toBe(false);
  });
});

describe('currencies (ISO 4217 minor units)', () => {
  it('knows the digits and formats minor units as decimal strings', () => {
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('EURO')).toBe(false);
    expect(isCurrency('XYZ')).toBe(false);
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(minorToDecimal(1234, 'EUR')).toBe('12.34');
    expect(minorToDecimal(5, 'EUR')).toBe('0.05');
    expect(minorToDecimal(1234, 'JPY')).toBe('1234');
    expect(minorToDecimal(1234, 'KWD')).toBe('1.234');
  });
});
