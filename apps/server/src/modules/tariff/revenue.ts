import { currencyDigits, MINUTES_PER_DAY, periodAt, type TariffPeriod } from '@pv/contract';
import { haurwitzGhi } from '@pv/solar';

/**
 * Revenue of a plant from its energy per 5-minute bucket and its feed-in prices (pure; the job and
 * the tests call it). Each bucket's energy is spread evenly over its minutes and split at the
 * borders of the time-of-use periods in the plant's own time zone (DST included: a bucket's local
 * time comes from the zone's offset at that instant), then priced at the price version valid on
 * that local day. Amounts are summed per local day and period in minor units of the currency and
 * rounded once, per (day, period).
 */

export interface PriceVersion {
  validFrom: string;
  /** inclusive; null: open */
  validTo: string | null;
  periods: TariffPeriod[];
}

export interface BucketEnergy {
  /** start of the bucket, epoch ms */
  ts: number;
  kwh: number;
}

export interface PeriodRevenue {
  kwh: number;
  /** minor units of the currency (an integer once `revenueOf` returns) */
  amount: number;
}

/** day → period → figures */
export type DayRevenue = Map<string, Map<string, PeriodRevenue>>;

export const BUCKET_MINUTES = 5;
const MINUTE = 60_000;
const DAY_MS = 86_400_000;
const QUARTER = 15 * MINUTE;

const partFormatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    partFormatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset (minutes) at `at`, from the runtime's zone data. */
function offsetAt(timeZone: string, at: number): number {
  const p: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(at))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Math.round((Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) - at) / MINUTE);
}

const BLOCK = 6 * 60 * MINUTE;
const blocks = new Map<string, Map<number, number | null>>();

/**
 * The zone's offset from UTC (minutes, local − UTC) at `ts`. Zones change offset on quarter hours
 * and at most once in six hours: a six-hour block whose two ends have the same offset has it
 * throughout (two look-ups a block); a block holding a change is looked up once per quarter hour.
 * Both are kept.
 */
export function offsetMinutes(timeZone: string, ts: number): number {
  let byBlock = blocks.get(timeZone);
  if (!byBlock) blocks.set(timeZone, (byBlock = new Map()));
  const b = Math.floor(ts / BLOCK);
  let whole = byBlock.get(b);
  if (whole === undefined) {
    const start = offsetAt(timeZone, b * BLOCK);
    whole = start === offsetAt(timeZone, (b + 1) * BLOCK) ? start : null;
    if (byBlock.size > 200_000) byBlock.clear();
    byBlock.set(b, whole);
  }
  if (whole !== null) return whole;
  let cache = offsets.get(timeZone);
  if (!cache) offsets.set(timeZone, (cache = new Map()));
  const q = Math.floor(ts / QUARTER);
  let off = cache.get(q);
  if (off === undefined) {
    off = offsetAt(timeZone, q * QUARTER);
    if (cache.size > 200_000) cache.clear();
    cache.set(q, off);
  }
  return off;
}

const dayNames = new Map<number, string>();
const dayName = (epochDay: number) => {
  let s = dayNames.get(epochDay);
  if (s === undefined) {
    s = new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
    dayNames.set(epochDay, s);
  }
  return s;
};

export interface LocalTime {
  /** yyyy-mm-dd */
  day: string;
  /** 1–12 */
  month: number;
  weekend: boolean;
  /** minute of the local day, 0–1439 (fractional within a minute) */
  minute: number;
}

/** The local calendar day, month, weekday and minute of the day of `ts` in `timeZone`. */
export function localTime(ts: number, timeZone: string): LocalTime {
  const local = ts + offsetMinutes(timeZone, ts) * MINUTE;
  const epochDay = Math.floor(local / DAY_MS);
  const day = dayName(epochDay);
  const dow = (((epochDay + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
  return {
    day,
    month: Number(day.slice(5, 7)),
    weekend: dow === 0 || dow === 6,
    minute: (local - epochDay * DAY_MS) / MINUTE,
  };
}

/** The first instant (epoch ms, on the 5-minute grid) of the local `day` in `timeZone`. */
export function dayStart(day: string, timeZone: string): number {
  const utc = Date.parse(`${day}T00:00:00Z`);
  // the offset before midnight, then again at the guess (a DST change near midnight)
  let at = utc - offsetMinutes(timeZone, utc - DAY_MS / 2) * MINUTE;
  at = utc - offsetMinutes(timeZone, at) * MINUTE;
  const grid = BUCKET_MINUTES * MINUTE;
  at = Math.floor(at / grid) * grid;
  while (localTime(at, timeZone).day < day) at += grid;
  while (localTime(at - grid, timeZone).day === day) at -= grid;
  return at;
}

/**
 * The shape of a sunny local `day` of a plant, as 5-minute buckets whose energies add up to 1: the
 * clear-sky irradiance at the plant's coordinates, or without them a half sine from 06:00 to 18:00
 * local time. Revenue spreads a day's counted production over it when no power of that day is
 * stored (a history older than the 5-minute rollups, an inverter that left the plant).
 */
export function clearSkyDay(
  day: string,
  timeZone: string,
  latitude: number | null,
  longitude: number | null,
  until = Infinity,
): BucketEnergy[] {
  const grid = BUCKET_MINUTES * MINUTE;
  const out: BucketEnergy[] = [];
  const coords = latitude !== null && longitude !== null && Number.isFinite(latitude) && Number.isFinite(longitude);
  // the sun's declination and the equation of time of the day (NOAA's series, to a fraction of a degree)
  const g =
    (2 * Math.PI * (Date.parse(`${day}T12:00:00Z`) / DAY_MS - Date.UTC(Number(day.slice(0, 4)), 0, 1) / DAY_MS)) / 365;
  const decl =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const eqTime =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  const phi = ((latitude ?? 0) * Math.PI) / 180;
  for (let ts = dayStart(day, timeZone); localTime(ts, timeZone).day === day; ts += grid) {
    const mid = ts + grid / 2;
    let w: number;
    if (coords) {
      const utcMinute = (((mid % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE;
      const hour = (((utcMinute + eqTime + 4 * longitude) / 4 - 180) * Math.PI) / 180;
      w = haurwitzGhi(Math.sin(phi) * Math.sin(decl) + Math.cos(phi) * Math.cos(decl) * Math.cos(hour));
    } else {
      const m = localTime(mid, timeZone).minute;
      w = m > 360 && m < 1080 ? Math.sin((Math.PI * (m - 360)) / 720) : 0;
    }
    if (w > 0) out.push({ ts, kwh: w });
  }
  // a day already under way: its shape up to now (the energy was made before now)
  let cut = out.filter((b) => b.ts < until);
  if (!cut.length) cut = out.length ? out : [{ ts: dayStart(day, timeZone) + DAY_MS / 2, kwh: 1 }];
  const sum = cut.reduce((n, b) => n + b.kwh, 0);
  return cut.map((b) => ({ ts: b.ts, kwh: b.kwh / sum }));
}

/** The price version valid on local `day`, if any. */
export function priceOn(versions: readonly PriceVersion[], day: string): PriceVersion | undefined {
  return versions.find((v) => v.validFrom <= day && (v.validTo === null || day <= v.validTo));
}

/** Which period holds each minute of a kind of day, and where that period's run of minutes ends. */
interface DayTable {
  /** index into the version's periods, -1 where none applies */
  owner: Int16Array;
  /** the first minute after `m` held by another period (or 1440) */
  end: Int16Array;
}
const tables = new WeakMap<PriceVersion, Map<number, DayTable>>();

/** The minute table of a price version for weekdays or weekends of a month (built once per version and kind of day). */
function tableOf(version: PriceVersion, weekend: boolean, month: number): DayTable {
  let byDay = tables.get(version);
  if (!byDay) tables.set(version, (byDay = new Map()));
  const key = (weekend ? 16 : 0) + month;
  let t = byDay.get(key);
  if (!t) {
    const owner = new Int16Array(MINUTES_PER_DAY);
    for (let m = 0; m < MINUTES_PER_DAY; m++) {
      const p = periodAt(version.periods, weekend, month, m);
      owner[m] = p ? version.periods.indexOf(p) : -1;
    }
    const end = new Int16Array(MINUTES_PER_DAY);
    end[MINUTES_PER_DAY - 1] = MINUTES_PER_DAY;
    for (let m = MINUTES_PER_DAY - 2; m >= 0; m--) end[m] = owner[m + 1] === owner[m] ? end[m + 1]! : m + 1;
    byDay.set(key, (t = { owner, end }));
  }
  return t;
}

/**
 * Revenue per local day and period of the energy in `buckets` (each BUCKET_MINUTES long): energy
 * in a bucket with no valid price, or at a time no period covers, earns nothing (it is not
 * guessed). Amounts come back rounded to whole minor units per (day, period).
 */
export function revenueOf(
  buckets: readonly BucketEnergy[],
  timeZone: string,
  versions: readonly PriceVersion[],
  currency: string,
  bucketMinutes = BUCKET_MINUTES,
): DayRevenue {
  const scale = 10 ** currencyDigits(currency);
  const out: DayRevenue = new Map();
  const prices = new Map<string, { version: PriceVersion | undefined; perKwh: number[] }>();
  for (const b of buckets) {
    if (!(b.kwh > 0)) continue;
    const t = localTime(b.ts, timeZone);
    let price = prices.get(t.day);
    if (!price) {
      const version = priceOn(versions, t.day);
      price = { version, perKwh: version ? version.periods.map((p) => Number(p.price) * scale) : [] };
      prices.set(t.day, price);
    }
    const version = price.version;
    if (!version) continue;
    let day = out.get(t.day);
    if (!day) out.set(t.day, (day = new Map()));
    const table = tableOf(version, t.weekend, t.month);
    const start = t.minute;
    const end = start + bucketMinutes;
    for (let m = start; m < end - 1e-9;) {
      const minute = Math.min(Math.floor(m), MINUTES_PER_DAY - 1);
      const index = table.owner[minute]!;
      const segEnd = Math.min(end, Math.max(table.end[minute]!, m + 1e-9));
      if (index >= 0) {
        const period = version.periods[index]!;
        const kwh = (b.kwh * (segEnd - m)) / bucketMinutes;
        let f = day.get(period.name);
        if (!f) day.set(period.name, (f = { kwh: 0, amount: 0 }));
        f.kwh += kwh;
        f.amount += kwh * price.perKwh[index]!;
      }
      m = segEnd;
    }
  }
  for (const day of out.values())
    for (const f of day.values()) {
      f.amount = Math.round(f.amount + 1e-9);
      f.kwh = Math.round(f.kwh * 1e6) / 1e6;
    }
  return out;
}
