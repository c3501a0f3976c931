import type { Profile } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http';
import { formatTime, resolveTimeZone, toMillis } from './format';

/**
 * The time policy of the console: a plant's data, charts and device events in the plant's zone;
 * audit and system times in the user's zone (the user-center setting, the browser's by default);
 * Asia/Shanghai (resolveTimeZone) only when nothing else is known.
 */

/** The browser's IANA zone, or the spec's fallback when the browser names none we know. */
export function browserTimeZone(): string {
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    zone = undefined;
  }
  return resolveTimeZone(zone);
}

/** Every IANA zone the browser knows (for the user-center select); UTC is always there. */
export function supportedTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** The Intl locale of a console language ('zh' → 'zh-CN'), for the zones' names. */
function intlLocale(language?: string): string {
  if (!language) return 'en';
  return language === 'zh' ? 'zh-CN' : language;
}

function zonePart(zone: string, at: number, style: 'short' | 'long', language?: string): string {
  try {
    const parts = new Intl.DateTimeFormat(intlLocale(language), { timeZone: zone, timeZoneName: style }).formatToParts(
      at,
    );
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

/**
 * The short name of a zone at an instant, as written after a time: an abbreviation where the
 * language has one ("PST", "JST"), else the offset from UTC ("UTC+2", "UTC+5:30"). The instant
 * matters: summer time changes both.
 */
export function zoneAbbreviation(zone: string, at: number = Date.now(), language?: string): string {
  const short = zonePart(resolveTimeZone(zone), at, 'short', language);
  // Intl writes offsets as GMT±h; operators read UTC offsets, and "GMT" alone is UTC.
  return short.replace(/^GMT(?=[+-]|$)/, 'UTC');
}

/** The zone's full name for a hover: "Africa/Johannesburg (South Africa Standard Time)". */
export function zoneFullName(zone: string, at: number = Date.now(), language?: string): string {
  const resolved = resolveTimeZone(zone);
  const long = zonePart(resolved, at, 'long', language);
  return long && long !== resolved ? `${resolved} (${long})` : resolved;
}

/**
 * The signed-in user's own account (GET /profile), which carries the zone setting; the user center
 * reads and writes the same cache entry, so a saved zone shows everywhere at once.
 */
export const ownProfileQuery = () =>
  queryOptions({ queryKey: ['profile'], queryFn: () => http.get<Profile>('/profile'), staleTime: 5 * 60_000 });

/**
 * The zone the user chose (null: the browser's), undefined until the profile has been read or
 * while `enabled` is false (a caller that already knows its zone asks nothing of the server).
 */
export function useUserZoneSetting(enabled = true): string | null | undefined {
  return useQuery({ ...ownProfileQuery(), select: (p: Profile | null) => p?.timeZone ?? null, enabled }).data;
}

/** The zone audit and system times are shown in: the user's setting, else the browser's. */
export function useUserTimeZone(enabled = true): string {
  const setting = useUserZoneSetting(enabled);
  return setting ? resolveTimeZone(setting) : browserTimeZone();
}

/** A time as text with its zone named after it: "2026-11-25 08:00:00 UTC+2" (chart tooltips, exports of the page). */
export function formatZonedTime(
  value: number | string | Date | null | undefined,
  zone: string,
  format?: string,
  language?: string,
): string {
  const text = formatTime(value, format, zone);
  if (!text) return '';
  return `${text} ${zoneAbbreviation(zone, toMillisSafe(value), language)}`;
}

function toMillisSafe(value: number | string | Date | null | undefined): number {
  if (value === null || value === undefined || value === '') return Date.now();
  const ms = toMillis(value);
  return Number.isFinite(ms) ? ms : Date.now();
}
