import { DEFAULT_DATE_FORMAT, type Profile } from '@pv/contract';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { profileQuery } from '@/api/profile';
import { useSession } from '@/stores/session';
import { formatTime, localFormat, resolveTimeZone, toMillis } from './format';

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
 * The zone the user chose (null: the browser's), undefined until known or while `enabled` is
 * false (a caller that already knows its zone asks nothing of the server). Taken from the session
 * when it carries it, else from the user's profile, read once the user is signed in.
 */
export function useUserZoneSetting(enabled = true): string | null | undefined {
  return useUserZoneState(enabled).setting;
}

/**
 * The setting and whether it is settled: known, or not to be known (nobody signed in, the profile
 * could not be read). A page whose request depends on the zone waits until then.
 */
function useUserZoneState(enabled: boolean): { setting: string | null | undefined; settled: boolean } {
  const signedIn = useSession((s) => !!s.info);
  const fromSession = useSession((s) => s.info?.timeZone);
  const known = fromSession !== undefined;
  const asked = enabled && signedIn && !known;
  const profile = useQuery({
    ...profileQuery(),
    select: (p: Profile | null) => p?.timeZone ?? null,
    enabled: asked,
  });
  if (known) return { setting: fromSession, settled: true };
  return { setting: profile.data, settled: !asked || profile.isFetched };
}

/** The user's zone (as useUserTimeZone) and whether it is final: the dashboard asks for its figures once. */
export function useSettledUserTimeZone(): { zone: string; settled: boolean } {
  const { setting, settled } = useUserZoneState(true);
  return { zone: setting ? resolveTimeZone(setting) : browserTimeZone(), settled };
}

/** Records a newly saved zone in the session and the profile cache: every time on screen follows at once. */
export function rememberUserZone(setting: string | null): void {
  useSession.setState((s) => (s.info ? { info: { ...s.info, timeZone: setting } } : {}));
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
  const text = formatTime(value, format, zone, language);
  if (!text) return '';
  return `${text} ${zoneAbbreviation(zone, toMillisSafe(value), language)}`;
}

function toMillisSafe(value: number | string | Date | null | undefined): number {
  if (value === null || value === undefined || value === '') return Date.now();
  const ms = toMillis(value);
  return Number.isFinite(ms) ? ms : Date.now();
}

/** A zone's clock as ECharts draws it: instants shifted to the zone's wall-clock time, read as UTC. */
export interface WallClock {
  zone: string;
  /** An instant (epoch ms) → its wall-clock time in the zone, as if that were UTC. */
  toWall(ms: number): number;
  /** Back from wall-clock time to the instant (the earlier one where summer time repeats an hour). */
  fromWall(wall: number): number;
  /** Formats a wall-clock value (an axis tick) with dayjs, the date in the language's order. */
  format(wall: number, format: string, language?: string): string;
  /** A wall-clock value as a full time with the zone named: the tooltip's heading. */
  label(wall: number, format?: string, language?: string): string;
}

/**
 * ECharts lays time ticks on the browser's hours (or on UTC's with `useUTC`). Drawing wall-clock
 * times with `useUTC: true` puts them on the plant's own hours and midnights instead, even for a
 * zone half an hour off the browser's (Asia/Kolkata).
 */
export function wallClock(zone: string): WallClock {
  const resolved = resolveTimeZone(zone);
  // an offset per hour: zones change offset on the hour, and a 30-day chart has thousands of points
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number) => {
    const hour = Math.floor(ms / 3_600_000);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      offset =
        dayjs(hour * 3_600_000)
          .tz(resolved)
          .utcOffset() * 60_000;
      offsets.set(hour, offset);
    }
    return offset;
  };
  const fromWall = (wall: number) => wall - offsetAt(wall - offsetAt(wall));
  return {
    zone: resolved,
    toWall: (ms) => ms + offsetAt(ms),
    fromWall,
    format: (wall, format, language) => dayjs.utc(wall).format(localFormat(format, language)),
    label: (wall, format = DEFAULT_DATE_FORMAT, language) =>
      `${dayjs.utc(wall).format(localFormat(format, language))} ${zoneAbbreviation(resolved, fromWall(wall), language)}`,
  };
}
