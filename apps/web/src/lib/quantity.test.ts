import { describe, expect, it } from 'vitest';
import {
  axisScale,
  formatPlain,
  formatPoint,
  formatQuantity,
  formatterFor,
  localeOf,
  pointUnit,
  quantityParts,
} from './quantity';

const en = (q: Parameters<typeof formatQuantity>[0], v: number | null | undefined) => formatQuantity(q, v, 'en');

describe('power (from W)', () => {
  it('scales W, kW, MW, GW with three significant digits', () => {
    expect(en('power', 960)).toBe('960 W');
    expect(en('power', 1234)).toBe('1.23 kW');
    expect(en('power', 3250)).toBe('3.25 kW');
    expect(en('power', 12_500.5)).toBe('12.5 kW');
    expect(en('power', 35_640)).toBe('35.6 kW');
    expect(en('power', 356_400)).toBe('356 kW');
    expect(en('power', 3_632_290)).toBe('3.63 MW');
    expect(en('power', 1.5e9)).toBe('1.50 GW');
  });

  it('chooses the unit after rounding: 999.5 W is 1.00 kW, 999.4 W stays in W', () => {
    expect(en('power', 999.4)).toBe('999 W');
    expect(en('power', 999.5)).toBe('1.00 kW');
    expect(en('power', 999_499)).toBe('999 kW');
    expect(en('power', 999_500)).toBe('1.00 MW');
    expect(en('power', 999_960)).toBe('1.00 MW');
  });

  it('shows whole watts, zero without padding, and never rounds whole digits away beyond GW', () => {
    expect(en('power', 0)).toBe('0 W');
    expect(en('power', 5)).toBe('5 W');
    expect(en('power', 12.6)).toBe('13 W');
    expect(en('power', 0.3)).toBe('0 W');
    expect(en('power', 12_345e9)).toBe('12,345 GW');
  });

  it('keeps the sign of a negative figure, and none on a figure that rounds to zero', () => {
    expect(en('power', -5000)).toBe('-5.00 kW');
    expect(en('power', -3650)).toBe('-3.65 kW');
    expect(en('power', -960)).toBe('-960 W');
    expect(en('power', -999.5)).toBe('-1.00 kW');
    expect(en('power', -0.2)).toBe('0 W');
    expect(en('power', -0)).toBe('0 W');
  });

  it('shows a dash for no value', () => {
    expect(en('power', null)).toBe('—');
    expect(en('power', undefined)).toBe('—');
    expect(en('power', Number.NaN)).toBe('—');
    expect(en('power', Number.POSITIVE_INFINITY)).toBe('—');
    expect(quantityParts('power', null, 'en')).toBeNull();
  });
});

describe('energy (from kWh)', () => {
  it('scales Wh, kWh, MWh, GWh with three significant digits', () => {
    // the figures of the issue: "3632.29 kWh" beside "35.64 MWh", "1730.89 kWh" beside "16.68 MWh"
    expect(en('energy', 3632.29)).toBe('3.63 MWh');
    expect(en('energy', 35_640)).toBe('35.6 MWh');
    expect(en('energy', 1730.89)).toBe('1.73 MWh');
    expect(en('energy', 16_680)).toBe('16.7 MWh');
    expect(en('energy', 12.5)).toBe('12.5 kWh');
    expect(en('energy', 2.39)).toBe('2.39 kWh');
    expect(en('energy', 80)).toBe('80.0 kWh');
    expect(en('energy', 0.96)).toBe('960 Wh');
    expect(en('energy', 0.0123)).toBe('12 Wh');
    expect(en('energy', 0)).toBe('0 Wh');
    expect(en('energy', 1_234_567)).toBe('1.23 GWh');
    expect(en('energy', 0.9995)).toBe('1.00 kWh');
    expect(en('energy', 999.5)).toBe('1.00 MWh');
    expect(en('energy', -2.5)).toBe('-2.50 kWh');
  });
});

describe('capacity (from Wp)', () => {
  it('names 14 000 Wp and 14 kWp the same way', () => {
    expect(en('capacity', 14_000)).toBe('14.0 kWp');
    expect(en('capacity', 14 * 1000)).toBe(en('capacity', 14_000));
    expect(en('capacity', 8.2 * 1000)).toBe('8.20 kWp');
    expect(en('capacity', 400)).toBe('400 Wp');
    expect(en('capacity', 2_500_000)).toBe('2.50 MWp');
  });
});

describe('the other quantities, each with its unit', () => {
  it('weather: °C with one decimal, humidity in whole %, wind in m/s, air pressure in whole hPa', () => {
    expect(en('temperature', 21.46)).toBe('21.5 °C');
    expect(en('temperature', -3)).toBe('-3.0 °C');
    expect(en('humidity', 55.4)).toBe('55%');
    expect(en('windSpeed', 3.24)).toBe('3.2 m/s');
    // "Air pressure 1,011.80" of the issue
    expect(en('airPressure', 1011.8)).toBe('1,012 hPa');
  });

  it('device figures: dBm, state of charge, V, A, Hz', () => {
    expect(en('signal', -60)).toBe('-60 dBm');
    expect(en('soc', 61)).toBe('61%');
    expect(en('soc', 100)).toBe('100%');
    expect(en('voltage', 230.44)).toBe('230.4 V');
    expect(en('current', 8.526)).toBe('8.53 A');
    expect(en('frequency', 50.014)).toBe('50.01 Hz');
  });

  it('ratios as percentages, specific yield, hours, CO₂ and counts', () => {
    expect(en('ratio', 0.8234)).toBe('82.3%');
    expect(en('specificYield', 1.5555)).toBe('1.56 kWh/kWp');
    expect(en('specificYield', 123.4)).toBe('123 kWh/kWp');
    expect(en('specificYield', 0.0123)).toBe('0.0123 kWh/kWp');
    expect(en('hours', 2)).toBe('2.00 h');
    expect(en('hours', 1234.5)).toBe('1,235 h');
    expect(en('co2', 850.5)).toBe('851 kg');
    expect(en('co2', 16_250)).toBe('16.3 t');
    expect(en('co2', 999.6)).toBe('1.00 t');
    expect(en('co2', 2.5e6)).toBe('2.50 kt');
    expect(en('count', 1234)).toBe('1,234');
    expect(en('count', 0)).toBe('0');
  });

  it('gives number and unit apart, for a figure whose unit is drawn smaller', () => {
    expect(quantityParts('energy', 34_000, 'en')).toEqual({ value: '34.0', unit: 'MWh' });
    expect(quantityParts('soc', 61, 'en')).toEqual({ value: '61', unit: '%' });
    expect(quantityParts('count', 1234, 'en')).toEqual({ value: '1,234', unit: '' });
  });
});

describe("the language's separators", () => {
  it('Chinese and Japanese: comma groups, point decimals', () => {
    for (const lang of ['zh', 'ja']) {
      expect(formatQuantity('energy', 3632.29, lang)).toBe('3.63 MWh');
      expect(formatQuantity('airPressure', 1011.8, lang)).toBe('1,012 hPa');
      expect(formatQuantity('count', 1_234_567, lang)).toBe('1,234,567');
      expect(formatQuantity('soc', 61, lang)).toBe('61%');
    }
  });

  it('Spanish: point groups, comma decimals, a space before the percent sign', () => {
    expect(formatQuantity('energy', 3632.29, 'es')).toBe('3,63 MWh');
    expect(formatQuantity('power', 12_500, 'es')).toBe('12,5 kW');
    expect(formatQuantity('temperature', 21.46, 'es')).toBe('21,5 °C');
    expect(formatQuantity('count', 1_234_567, 'es')).toBe('1.234.567');
    expect(formatQuantity('ratio', 0.8234, 'es')).toBe('82,3\u00a0%');
    expect(formatQuantity('power', -5000, 'es')).toBe('-5,00 kW');
    expect(quantityParts('humidity', 55, 'es')).toEqual({ value: '55', unit: '%' });
  });

  it("plain numbers (raw data, axis ticks) with each language's separators (issue 22)", () => {
    expect(formatPlain(1234.5, 1, 'en')).toBe('1,234.5');
    expect(formatPlain(1234.5, 1, 'zh')).toBe('1,234.5');
    expect(formatPlain(1234.5, 1, 'ja')).toBe('1,234.5');
    expect(formatPlain(1_234_567.5, 1, 'ja')).toBe('1,234,567.5');
    expect(formatPlain(12_345.5, 1, 'es')).toBe('12.345,5');
    expect(formatPlain(1_234_567.5, 1, 'es')).toBe('1.234.567,5');
    // Spanish groups from five digits (CLDR and the RAE: "1234,5", not "1.234,5")
    expect(formatPlain(1234.5, 1, 'es')).toBe('1234,5');
  });

  it('maps the console languages to their locales, English for anything else', () => {
    expect(localeOf('zh')).toBe('zh-CN');
    expect(localeOf('es')).toBe('es-ES');
    expect(localeOf('ja')).toBe('ja-JP');
    expect(localeOf('en')).toBe('en-US');
    expect(localeOf('fr')).toBe('en-US');
    expect(localeOf(undefined)).toBe('en-US');
  });

  it('binds the formatters to a language', () => {
    const f = formatterFor('es');
    expect(f.power(1234)).toBe('1,23 kW');
    expect(f.energy(12.5)).toBe('12,5 kWh');
    expect(f.capacity(14_000)).toBe('14,0 kWp');
    expect(f.count(12_345)).toBe('12.345');
    expect(f.plain(1234.5678)).toBe('1234,57');
    expect(f.point('rssi', -60)).toBe('-60 dBm');
  });
});

describe('plain numbers, axes and telemetry points', () => {
  it('plain numbers keep at most the decimals asked for', () => {
    expect(formatPlain(1234.5678, 2, 'en')).toBe('1,234.57');
    expect(formatPlain(1234.5678, 3, 'en')).toBe('1,234.568');
    expect(formatPlain(5, 2, 'en')).toBe('5');
    expect(formatPlain(-0.0001, 2, 'en')).toBe('0');
    expect(formatPlain(null, 2, 'en')).toBe('—');
  });

  it('an axis takes the unit of its largest figure, its ticks without the unit', () => {
    const kw = axisScale('power', 15_250, 'en');
    expect(kw.unit).toBe('kW');
    expect([0, 5000, 12_500].map(kw.tick)).toEqual(['0', '5', '12.5']);
    expect(axisScale('power', 800, 'en').unit).toBe('W');
    const mwh = axisScale('energy', 36_000, 'en');
    expect(mwh.unit).toBe('MWh');
    expect(mwh.tick(1500)).toBe('1.5');
    expect(axisScale('energy', 12.5, 'en').unit).toBe('kWh');
    expect(axisScale('energy', 12.5, 'en').tick(12.5)).toBe('12.5');
    expect(axisScale('energy', 0, 'en').unit).toBe('kWh');
    expect(axisScale('energy', 0.5, 'en').tick(0.5)).toBe('0.5');
    expect(axisScale('temperature', 30, 'en')).toMatchObject({ unit: '°C' });
    expect(axisScale('energy', 1500, 'es').tick(1500)).toBe('1,5');
  });

  it('formats a point by what it measures; rssi is a signal strength in dBm', () => {
    expect(formatPoint('acPower', 3249.6, 'en')).toBe('3.25 kW');
    expect(formatPoint('energyTotal', 24_016.32, 'en')).toBe('24.0 MWh');
    expect(formatPoint('rssi', -60, 'en')).toBe('-60 dBm');
    expect(formatPoint('airPressure', 1011.8, 'en')).toBe('1,012 hPa');
    expect(formatPoint('batterySoc', 61, 'en')).toBe('61%');
    expect(formatPoint('gridFrequency', 50, 'en')).toBe('50.00 Hz');
    // a device's own point: the number as sent, in the language's writing; text and flags as sent
    expect(formatPoint('myCounter', 12_345.6789, 'en')).toBe('12,345.679');
    expect(formatPoint('mode', 'eco', 'en')).toBe('eco');
    expect(formatPoint('relay', true, 'en')).toBe('true');
    expect(formatPoint('acPower', null, 'en')).toBe('—');
    expect(pointUnit('rssi')).toBe('dBm');
    expect(pointUnit('energyToday')).toBe('kWh');
    expect(pointUnit('acPower')).toBe('W');
    expect(pointUnit('myCounter')).toBeUndefined();
  });
});
