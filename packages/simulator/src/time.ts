const MINUTE = 60_000;
const HOUR = 3_600_000;
const QUARTER_HOUR = 900_000;
const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset (ms) at an instant, from the zone's calendar (one cached formatter per zone). */
function offsetAt(at: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const v: Record<string, number> = {};
  for (const p of f.formatToParts(at)) if (p.type !== 'literal') v[p.type] = Number(p.value);
  const whole = at - (((at % 1000) + 1000) % 1000);
  return Date.UTC(v.year!, v.month! - 1, v.day!, v.hour!, v.minute!, v.second!) - whole;
}

/** per zone: UTC day → its offset, or null when the offset changes that day (then asked per quarter hour) */
const days = new Map<string, Map<number, number | null>>();

/**
 * The zone's offset at an instant, memoised per UTC day (every zone's offset changes at most once
 * a day, and on a UTC quarter hour): the simulator asks it for every step, and history steps a year.
 */
function offset(at: number, timeZone: string): number {
  let zone = days.get(timeZone);
  if (!zone) days.set(timeZone, (zone = new Map()));
  const d = Math.floor(at / DAY);
  let off = zone.get(d);
  if (off === undefined) {
    if (zone.size >= 5000) zone.clear();
    const start = offsetAt(d * DAY, timeZone);
    off = start === offsetAt(d * DAY + DAY - QUARTER_HOUR, timeZone) ? start : null;
    zone.set(d, off);
  }
  return off ?? offsetAt(Math.floor(at / QUARTER_HOUR) * QUARTER_HOUR, timeZone);
}

const dayNames = new Map<number, string>();

/** The local day (YYYY-MM-DD) of an instant in an IANA time zone. */
export function localDay(at: number, timeZone: string): string {
  const index = Math.floor((at + offset(at, timeZone)) / DAY);
  let name = dayNames.get(index);
  if (name === undefined) {
    if (dayNames.size >= 100_000) dayNames.clear();
    name = new Date(index * DAY).toISOString().slice(0, 10);
    dayNames.set(index, name);
  }
  return name;
}

/** The local hour (0–23, fractional, to the minute) of an instant in an IANA time zone. */
export function localHour(at: number, timeZone: string): number {
  const ms = (((at + offset(at, timeZone)) % DAY) + DAY) % DAY;
  return Math.floor(ms / HOUR) + (Math.floor(ms / MINUTE) % 60) / 60;
}
