import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_ZONE, NUMBER_SUFFIXES, localDateFormat } from '@pv/contract';
import i18n from './i18n';

dayjs.extend(utc);
dayjs.extend(timezone);

export type Translate = (key: string, values?: Record<string, unknown>) => string;

// English wording for code that runs before i18n is set up (and for the unit tests of the rules).
const ENGLISH: Record<string, string> = {
  'common.time.justNow': 'just now',
  'common.time.minutesAgo': '{{count}} minutes ago',
  'common.time.minutesAgo_one': '{{count}} minute ago',
  'common.time.hoursAgo': '{{count}} hours ago',
  'common.time.hoursAgo_one': '{{count}} hour ago',
  'common.time.oneDayAgo': '1 day ago',
  'common.time.daysAgo': '{{count}} days ago',
  'common.time.daysAgo_one': '{{count}} day ago',
};

/** The console's language once i18n is initialised (its plural forms), English before. */
const defaultTranslate: Translate = (key, values) =>
  i18n.isInitialized
    ? i18n.t(key, values)
    : (ENGLISH[values?.count === 1 ? `${key}_one` : key] ?? ENGLISH[key] ?? key).replace(
        '{{count}}',
        String(values?.count ?? ''),
      );

/** A 10-digit timestamp is seconds (spec §9); 13 digits are milliseconds; strings are parsed. */
export function toMillis(value: number | string | Date): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' && /^\d+$/.test(value)) value = Number(value);
  if (typeof value === 'number') return String(Math.trunc(value)).length === 10 ? value * 1000 : value;
  return dayjs(value).valueOf();
}

/** The answers of resolveTimeZone: a DateTimeFormat per call was a cost of every time formatted (chart axes). */
const knownZones = new Map<string, string>();

/** The time zone to show times in: the given one when valid, else Asia/Shanghai (spec §9). */
export function resolveTimeZone(tz?: string | null): string {
  if (!tz) return DEFAULT_TIME_ZONE;
  let zone = knownZones.get(tz);
  if (zone === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      zone = tz;
    } catch {
      zone = DEFAULT_TIME_ZONE;
    }
    knownZones.set(tz, zone);
  }
  return zone;
}

/** The console's language once i18n is initialised, English before. */
export function currentLanguage(): string {
  return i18n.isInitialized ? i18n.language : 'en';
}

/**
 * A display format (written in spec §9's order: YYYY-MM-DD HH:mm:ss, YYYY-MM-DD, YYYY-MM,
 * MM-DD HH:mm) in the date order of a language (the contract's DATE_ORDERS, which the server's
 * exports read too): unchanged in en and zh, DD/MM/YYYY in es, YYYY/MM/DD in ja. For display only:
 * what is sent to the API keeps the contract's ISO forms.
 */
export function localFormat(format: string, language: string = currentLanguage()): string {
  return localDateFormat(format, language);
}

/**
 * A calendar day of the API ("2026-11-22": a price's validity, a maintenance date) written in the
 * language's order ("22/11/2026" in es, "2026/11/22" in ja); anything else is shown as it is.
 */
export function formatDay(day: string | null | undefined, language: string = currentLanguage()): string {
  if (!day) return '';
  // a calendar date has no zone: dayjs reads it as local midnight and writes the same day back
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? dayjs(day).format(localFormat('YYYY-MM-DD', language)) : day;
}

/**
 * A plant-local day of the API ("2026-11-22") as a chart's category label: month and day in the
 * language's order ("11-22", "22/11", "11/22"); a month ("2026-11") is its month number.
 */
export function dayLabel(day: string, language: string = currentLanguage()): string {
  if (/^\d{4}-\d{2}$/.test(day)) return day.slice(5);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? dayjs(day).format(localFormat('MM-DD', language)) : day;
}

/**
 * Formats a time, by default as YYYY-MM-DD HH:mm:ss in the given (or default) time zone, with the
 * date in the order of the console's language (or `language`): 2026/11/23 in ja, 23/11/2026 in es.
 */
export function formatTime(
  value: number | string | Date | null | undefined,
  format = DEFAULT_DATE_FORMAT,
  tz?: string | null,
  language: string = currentLanguage(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = toMillis(value);
  if (!Number.isFinite(ms)) return '';
  return dayjs(ms).tz(resolveTimeZone(tz)).format(localFormat(format, language));
}

/** Time-ago of spec §9: minutes under 3600 s, hours under 86400 s, otherwise days. */
export function timeAgo(value: number | string | Date, now = Date.now(), t: Translate = defaultTranslate): string {
  const seconds = Math.max(0, (now - toMillis(value)) / 1000);
  if (seconds < 3600) return t('common.time.minutesAgo', { count: Math.floor(seconds / 60) });
  if (seconds < 86400) return t('common.time.hoursAgo', { count: Math.floor(seconds / 3600) });
  return t('common.time.daysAgo', { count: Math.floor(seconds / 86400) });
}

/**
 * Relative time of spec §9: "just now" under 30 s, minutes under 1 h, hours under 24 h,
 * "1 day ago" under 48 h, then the full date.
 */
export function relativeTime(
  value: number | string | Date,
  now = Date.now(),
  t: Translate = defaultTranslate,
  tz?: string,
): string {
  const ms = toMillis(value);
  const seconds = (now - ms) / 1000;
  if (seconds < 30) return t('common.time.justNow');
  if (seconds < 3600) return t('common.time.minutesAgo', { count: Math.ceil(seconds / 60) });
  if (seconds < 86400) return t('common.time.hoursAgo', { count: Math.ceil(seconds / 3600) });
  if (seconds < 172800) return t('common.time.oneDayAgo');
  return formatTime(ms, DEFAULT_DATE_FORMAT, tz);
}

/**
 * 1234 → "1.2k", 5300000 → "5.3M" … with the suffixes k, M, G, T, P, E (spec §9), `digits`
 * decimals at most. The unit is chosen after rounding, so 999 960 is "1M", never "1000k".
 */
export function formatNumber(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return '';
  const rounded = (n: number) => Number(n.toFixed(digits));
  let scaled = value;
  let unit = -1;
  while (unit < NUMBER_SUFFIXES.length - 1 && Math.abs(rounded(scaled)) >= 1000) {
    scaled /= 1000;
    unit++;
  }
  return `${rounded(scaled)}${unit < 0 ? '' : NUMBER_SUFFIXES[unit]}`;
}

/** 1234567.89 → "1,234,567.89" (the thousands-separator filter). */
export function thousands(value: number | string): string {
  const [int, frac] = String(value).split('.');
  const withCommas = (int ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac !== undefined ? `${withCommas}.${frac}` : withCommas;
}

/** 512 → "512 B", 50 000 → "48.8 KB", 64 MiB → "64 MB" (binary multiples, as file sizes show elsewhere). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}
