import { describe, expect, it } from 'vitest';
import {
  dayLabel,
  formatBytes,
  formatDay,
  formatNumber,
  formatTime,
  relativeTime,
  resolveTimeZone,
  thousands,
  timeAgo,
  toMillis,
} from './format';

const now = Date.parse('2026-11-22T12:00:00Z');
const ago = (seconds: number) => now - seconds * 1000;

describe('§9 helpers', () => {
  it('treats a 10-digit timestamp as seconds, 13 digits as milliseconds', () => {
    expect(toMillis(1795000000)).toBe(1795000000000);
    expect(toMillis('1795000000')).toBe(1795000000000);
    expect(toMillis(1795000000.5)).toBe(1795000000500);
    expect(toMillis(1795000000123)).toBe(1795000000123);
    expect(toMillis('1795000000123')).toBe(1795000000123);
    expect(toMillis(new Date(5000))).toBe(5000);
    expect(toMillis('2026-11-22T12:00:00Z')).toBe(now);
  });

  it('formats YYYY-MM-DD HH:mm:ss in Asia/Shanghai by default, or the given zone', () => {
    expect(formatTime(Date.parse('2026-11-22T16:30:05Z'))).toBe('2026-11-23 00:30:05');
    expect(formatTime(1795000000)).toBe(formatTime(1795000000000));
    expect(formatTime(Date.parse('2026-11-22T16:30:05Z'), undefined, 'Europe/Berlin')).toBe('2026-11-22 17:30:05');
    expect(formatTime(Date.parse('2026-11-22T16:30:05Z'), 'YYYY/MM/DD', 'America/New_York')).toBe('2026/11/22');
  });

  it('falls back to Asia/Shanghai for a missing or unknown zone, and shows nothing for no time', () => {
    expect(resolveTimeZone('Not/AZone')).toBe('Asia/Shanghai');
    expect(resolveTimeZone(undefined)).toBe('Asia/Shanghai');
    expect(resolveTimeZone('Europe/Madrid')).toBe('Europe/Madrid');
    expect(formatTime(Date.parse('2026-11-22T16:30:05Z'), undefined, 'Not/AZone')).toBe('2026-11-23 00:30:05');
    expect(formatTime(null)).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatTime('')).toBe('');
    expect(formatTime('not a date')).toBe('');
  });

  it('time ago: minutes under 3600 s, hours under 86400 s, then days', () => {
    expect(timeAgo(ago(0), now)).toBe('0 minutes ago');
    expect(timeAgo(ago(3599), now)).toBe('59 minutes ago');
    expect(timeAgo(ago(3600), now)).toBe('1 hour ago');
    expect(timeAgo(ago(86399), now)).toBe('23 hours ago');
    expect(timeAgo(ago(86400), now)).toBe('1 day ago');
    expect(timeAgo(ago(86400 * 3 + 5), now)).toBe('3 days ago');
    // a clock slightly ahead on the device never gives a negative age
    expect(timeAgo(ago(-120), now)).toBe('0 minutes ago');
    // seconds timestamps work too
    expect(timeAgo(Math.floor(ago(7200) / 1000), now)).toBe('2 hours ago');
  });

  it('relative time: just now under 30 s, minutes under 1 h, hours under 24 h, 1 day ago under 48 h, then the date', () => {
    expect(relativeTime(ago(29), now)).toBe('just now');
    expect(relativeTime(ago(30), now)).toBe('1 minute ago');
    expect(relativeTime(ago(3599), now)).toBe('60 minutes ago');
    expect(relativeTime(ago(3600), now)).toBe('1 hour ago');
    expect(relativeTime(ago(2 * 3600), now)).toBe('2 hours ago');
    expect(relativeTime(ago(86400), now)).toBe('1 day ago');
    expect(relativeTime(ago(172799), now)).toBe('1 day ago');
    expect(relativeTime(ago(172800), now)).toBe('2026-11-20 20:00:00');
    expect(relativeTime(ago(50 * 3600), now, undefined, 'UTC')).toBe('2026-11-20 10:00:00');
  });

  it('uses the translation it is given', () => {
    const t = (key: string, v?: Record<string, unknown>) => `${key}:${String(v?.count ?? '')}`;
    expect(timeAgo(ago(120), now, t)).toBe('common.time.minutesAgo:2');
    expect(relativeTime(ago(10), now, t)).toBe('common.time.justNow:');
  });

  it('formats numbers with k, M, G, T, P, E', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(1000)).toBe('1k');
    expect(formatNumber(1500)).toBe('1.5k');
    expect(formatNumber(2_000_000)).toBe('2M');
    expect(formatNumber(3.25e9, 2)).toBe('3.25G');
    expect(formatNumber(1e12)).toBe('1T');
    expect(formatNumber(4.2e15)).toBe('4.2P');
    expect(formatNumber(7e18)).toBe('7E');
    // beyond E there is no larger unit
    expect(formatNumber(7e21)).toBe('7000E');
    expect(formatNumber(-1500)).toBe('-1.5k');
  });

  it('chooses the unit after rounding, and shows nothing for a non-number', () => {
    expect(formatNumber(999.96)).toBe('1k');
    expect(formatNumber(999_960)).toBe('1M');
    expect(formatNumber(-999_960)).toBe('-1M');
    expect(formatNumber(999_940)).toBe('999.9k');
    expect(formatNumber(1234, 0)).toBe('1k');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('separates thousands', () => {
    expect(thousands(1234567.89)).toBe('1,234,567.89');
    expect(thousands(999)).toBe('999');
    expect(thousands(1000)).toBe('1,000');
    expect(thousands(-1234567)).toBe('-1,234,567');
    expect(thousands('12345.6789')).toBe('12,345.6789');
    expect(thousands(0)).toBe('0');
  });

  it('speaks the console language once i18n is set up', async () => {
    const { initI18n, loadLanguage } = await import('./i18n');
    await loadLanguage('zh');
    const i18n = initI18n('zh');
    await i18n.changeLanguage('zh');
    expect(timeAgo(ago(120), now)).toBe('2 分钟前');
    expect(relativeTime(ago(5), now)).toBe('刚刚');
    await i18n.changeLanguage('en');
    expect(timeAgo(ago(120), now)).toBe('2 minutes ago');
  });
});

describe('file sizes', () => {
  it('shows bytes below 1 KB, then one decimal in KB, MB, GB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(50_000)).toBe('48.8 KB');
    expect(formatBytes(64 * 1024 * 1024)).toBe('64 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
  });
});

describe('dates and plural forms per language (issue 22)', () => {
  const at = Date.parse('2026-11-22T16:30:05Z');

  it("writes the date in each market's order: spec §9's in en and zh, year/month/day in ja, day/month/year in es", () => {
    expect(formatTime(at, undefined, 'UTC', 'en')).toBe('2026-11-22 16:30:05');
    expect(formatTime(at, undefined, 'UTC', 'zh')).toBe('2026-11-22 16:30:05');
    expect(formatTime(at, undefined, 'UTC', 'ja')).toBe('2026/11/22 16:30:05');
    expect(formatTime(at, undefined, 'UTC', 'es')).toBe('22/11/2026 16:30:05');
    // a date alone, a day of the month with its time, and a time alone
    expect(formatTime(at, 'YYYY-MM-DD', 'UTC', 'es')).toBe('22/11/2026');
    expect(formatTime(at, 'YYYY-MM-DD', 'UTC', 'ja')).toBe('2026/11/22');
    expect(formatTime(at, 'MM-DD HH:mm', 'UTC', 'es')).toBe('22/11 16:30');
    expect(formatTime(at, 'MM-DD HH:mm', 'UTC', 'zh')).toBe('11-22 16:30');
    expect(formatTime(at, 'MM-DD HH:mm', 'UTC', 'ja')).toBe('11/22 16:30');
    expect(formatTime(at, 'YYYY-MM', 'UTC', 'es')).toBe('11/2026');
    expect(formatTime(at, 'YYYY-MM', 'UTC', 'ja')).toBe('2026/11');
    expect(formatTime(at, 'YYYY-MM-DD HH:mm', 'Asia/Tokyo', 'ja')).toBe('2026/11/23 01:30');
    expect(formatTime(at, 'HH:mm:ss', 'UTC', 'es')).toBe('16:30:05');
    // the zone still decides the day: 00:30 the next day in Shanghai
    expect(formatTime(at, 'YYYY-MM-DD', 'Asia/Shanghai', 'es')).toBe('23/11/2026');
    // an unknown language writes as English does
    expect(formatTime(at, undefined, 'UTC', 'fr')).toBe('2026-11-22 16:30:05');
  });

  it('follows the console language once i18n is set up, relative times past two days too', async () => {
    const { initI18n, loadLanguage } = await import('./i18n');
    await loadLanguage('es');
    await loadLanguage('ja');
    const i18n = initI18n('es');
    await i18n.changeLanguage('es');
    expect(formatTime(at, undefined, 'UTC')).toBe('22/11/2026 16:30:05');
    expect(relativeTime(ago(172800), now, undefined, 'UTC')).toBe('20/11/2026 12:00:00');
    await i18n.changeLanguage('ja');
    expect(formatTime(at, undefined, 'UTC')).toBe('2026/11/22 16:30:05');
    await i18n.changeLanguage('en');
    expect(formatTime(at, undefined, 'UTC')).toBe('2026-11-22 16:30:05');
  });

  it("writes the API's calendar days in the language's order", () => {
    expect(formatDay('2026-11-22', 'en')).toBe('2026-11-22');
    expect(formatDay('2026-11-22', 'zh')).toBe('2026-11-22');
    expect(formatDay('2026-11-22', 'es')).toBe('22/11/2026');
    expect(formatDay('2026-11-22', 'ja')).toBe('2026/11/22');
    expect(formatDay(null, 'es')).toBe('');
    expect(formatDay('soon', 'es')).toBe('soon');
  });

  it("labels a chart's days in the language's order, months by their number", () => {
    expect(dayLabel('2026-11-22', 'en')).toBe('11-22');
    expect(dayLabel('2026-11-22', 'zh')).toBe('11-22');
    expect(dayLabel('2026-11-22', 'es')).toBe('22/11');
    expect(dayLabel('2026-11-22', 'ja')).toBe('11/22');
    expect(dayLabel('2026-11', 'es')).toBe('11');
    expect(dayLabel('2026', 'es')).toBe('2026');
  });

  it("gives antd's date pickers the language's order (what they show and read; the API gets ISO text)", async () => {
    const { antdLocale, loadLanguage } = await import('./i18n');
    for (const lang of ['es', 'ja', 'zh'] as const) await loadLanguage(lang);
    const field = (lang: 'en' | 'zh' | 'es' | 'ja') => {
      const l = antdLocale(lang).DatePicker!.lang as Record<string, unknown>;
      return [l.fieldDateFormat, l.fieldDateTimeFormat, l.fieldMonthFormat];
    };
    expect(field('en')).toEqual(['YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM']);
    expect(field('zh')).toEqual(['YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM']);
    expect(field('es')).toEqual(['DD/MM/YYYY', 'DD/MM/YYYY HH:mm:ss', 'MM/YYYY']);
    expect(field('ja')).toEqual(['YYYY/MM/DD', 'YYYY/MM/DD HH:mm:ss', 'YYYY/MM']);
    // the same object each time: the ConfigProvider does not re-render every picker
    expect(antdLocale('es')).toBe(antdLocale('es'));
    // a chart's wall clock writes its ticks and heading in that order too
    const { wallClock } = await import('./time-zone');
    const clock = wallClock('UTC');
    expect(clock.format(at, 'MM-DD HH:mm', 'es')).toBe('22/11 16:30');
    expect(clock.label(at, 'YYYY-MM-DD HH:mm', 'ja')).toBe('2026/11/22 16:30 UTC');
    expect(clock.label(at, undefined, 'zh')).toBe('2026-11-22 16:30:05 UTC');
  });

  it('uses the plural forms of each language (i18next): one and other in en and es, other alone in ja and zh', async () => {
    const { initI18n, loadLanguage } = await import('./i18n');
    for (const lang of ['es', 'ja', 'zh'] as const) await loadLanguage(lang);
    const i18n = initI18n('en');
    await i18n.changeLanguage('en');
    expect(timeAgo(ago(60), now)).toBe('1 minute ago');
    expect(timeAgo(ago(2 * 3600), now)).toBe('2 hours ago');
    await i18n.changeLanguage('es');
    expect(timeAgo(ago(60), now)).toBe('hace 1 minuto');
    expect(timeAgo(ago(120), now)).toBe('hace 2 minutos');
    expect(timeAgo(ago(3600), now)).toBe('hace 1 hora');
    expect(timeAgo(ago(3 * 86400), now)).toBe('hace 3 días');
    await i18n.changeLanguage('ja');
    expect(timeAgo(ago(60), now)).toBe('1 分前');
    expect(timeAgo(ago(3 * 86400), now)).toBe('3 日前');
    await i18n.changeLanguage('zh');
    expect(timeAgo(ago(3600), now)).toBe('1 小时前');
    await i18n.changeLanguage('en');
  });
});
