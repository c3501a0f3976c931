import { describe, expect, it } from 'vitest';
import { DEFAULT_DATE_FORMAT } from './constants.js';
import { dateOrder, excelDateFormat, fillDateFormat, localDateFormat } from './date-formats.js';

describe('date order per language (issue 22)', () => {
  it("keeps spec §9's year-month-day in en and zh, day/month/year in es, year/month/day in ja", () => {
    expect(localDateFormat(DEFAULT_DATE_FORMAT, 'en')).toBe('YYYY-MM-DD HH:mm:ss');
    expect(localDateFormat(DEFAULT_DATE_FORMAT, 'zh')).toBe('YYYY-MM-DD HH:mm:ss');
    expect(localDateFormat(DEFAULT_DATE_FORMAT, 'es')).toBe('DD/MM/YYYY HH:mm:ss');
    expect(localDateFormat(DEFAULT_DATE_FORMAT, 'ja')).toBe('YYYY/MM/DD HH:mm:ss');
    expect(localDateFormat('YYYY-MM-DD', 'es')).toBe('DD/MM/YYYY');
    expect(localDateFormat('YYYY-MM', 'es')).toBe('MM/YYYY');
    expect(localDateFormat('YYYY-MM', 'ja')).toBe('YYYY/MM');
    expect(localDateFormat('MM-DD HH:mm', 'es')).toBe('DD/MM HH:mm');
    expect(localDateFormat('HH:mm:ss', 'es')).toBe('HH:mm:ss');
    expect(dateOrder('fr')).toEqual(dateOrder('en'));
    expect(localDateFormat(DEFAULT_DATE_FORMAT, undefined)).toBe(DEFAULT_DATE_FORMAT);
  });

  it('writes the same order as an Excel number format', () => {
    expect(excelDateFormat(DEFAULT_DATE_FORMAT, 'en')).toBe('yyyy-mm-dd hh:mm:ss');
    expect(excelDateFormat(DEFAULT_DATE_FORMAT, 'zh')).toBe('yyyy-mm-dd hh:mm:ss');
    expect(excelDateFormat(DEFAULT_DATE_FORMAT, 'es')).toBe('dd/mm/yyyy hh:mm:ss');
    expect(excelDateFormat('YYYY-MM-DD HH:mm', 'ja')).toBe('yyyy/mm/dd hh:mm');
    expect(excelDateFormat('YYYY-MM-DD', 'es')).toBe('dd/mm/yyyy');
  });

  it('fills a format from wall-clock parts', () => {
    const parts = { year: '2026', month: '11', day: '22', hour: '16', minute: '30', second: '05' };
    expect(fillDateFormat(localDateFormat(DEFAULT_DATE_FORMAT, 'es'), parts)).toBe('22/11/2026 16:30:05');
    expect(fillDateFormat(localDateFormat(DEFAULT_DATE_FORMAT, 'ja'), parts)).toBe('2026/11/22 16:30:05');
    expect(fillDateFormat(DEFAULT_DATE_FORMAT, parts)).toBe('2026-11-22 16:30:05');
  });
});
