import { localDay, type ChartRange, type PlantDetail, type Points } from '@pv/contract';
import { clearSkyGhi } from '@pv/solar';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { inverterDailyEnergy, inverterRollups, plantDevicePoints } from './plant.repository.js';

const DAY = 86_400_000;
const BUCKET = 300_000;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
/** Epoch ms of the start of the plant-local day that contains `ts`. */
export function startOfLocalDay(ts: number, timeZone: string): number {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, f);
  }
  const parts = f.formatToParts(ts);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return ts - ((get('hour') * 60 + get('minute')) * 60 + get('second')) * 1000 - (ts % 1000);
}

const parse = (s: string | null): Points => (s ? (JSON.parse(s) as Points) : {});

/** Weather: the latest ambient points any of the plant's devices reported (the simulator's collector or meter). */
export async function plantLive(db: Kysely<Database>, plantId: number) {
  const devices = await plantDevicePoints(db, plantId);
  let weather: PlantDetail['weather'] = {
    temperature: null,
    humidity: null,
    windSpeed: null,
    airPressure: null,
    at: null,
  };
  let pv: number | null = null;
  let battery: number | null = null;
  let batterySoc: number | null = null;
  let grid: number | null = null;
  for (const d of devices) {
    const p = parse(d.last_points);
    const online = d.online_state === 'online';
    if (p.ambientTemperature !== undefined && (weather.at === null || (d.last_online_at ?? 0) > weather.at)) {
      weather = {
        temperature: p.ambientTemperature ?? null,
        humidity: p.humidity ?? null,
        windSpeed: p.windSpeed ?? null,
        airPressure: p.airPressure ?? null,
        at: d.last_online_at === null ? null : Number(d.last_online_at),
      };
    }
    // only inverters produce; a collector's sub inverters are devices of their own (no double count)
    if (d.type === 'inverter') pv = (pv ?? 0) + (online ? (p.acPower ?? 0) : 0);
    if (d.type === 'battery') {
      battery = (battery ?? 0) + (online ? (p.batteryPower ?? 0) : 0);
      if (p.batterySoc !== undefined) batterySoc = p.batterySoc;
    }
    if (d.type === 'meter') grid = (grid ?? 0) + (online ? (p.meterImportPower ?? 0) - (p.meterExportPower ?? 0) : 0);
  }
  // what the house uses: production + battery discharge + grid import (known only with a meter)
  const load = grid === null ? null : Math.max(0, (pv ?? 0) + (battery ?? 0) + grid);
  return { weather, energyFlow: { pv, battery, batterySoc, grid, load } };
}

/**
 * Specific yield (kWh/kWp): today's production divided by the plant's capacity.
 * Performance ratio: specific yield divided by the reference yield, the irradiation the plant's
 * place received today in kWh/m² over the 1 kW/m² of standard test conditions. No device
 * measures irradiance, so the reference is the clear-sky irradiance of the simulator's solar
 * model (Haurwitz, by latitude, longitude and time) summed from local midnight until now: a
 * cloudy day shows a lower ratio, which is what an operator reads from it. Without coordinates,
 * capacity, or before sunrise the ratio is null with the reason.
 */
export function yieldAndRatio(
  p: { capacityKw: number; latitude: number | null; longitude: number | null; timeZone: string; energyToday: number },
  now: number,
) {
  if (!(p.capacityKw > 0))
    return { specificYield: null, performanceRatio: null, performanceRatioNote: 'noCapacity' as const };
  const specificYield = Math.round((p.energyToday / p.capacityKw) * 1000) / 1000;
  if (p.latitude === null || p.longitude === null)
    return { specificYield, performanceRatio: null, performanceRatioNote: 'noCoordinates' as const };
  const step = 10 * 60_000;
  let referenceKWhPerM2 = 0;
  for (let t = startOfLocalDay(now, p.timeZone); t < now; t += step) {
    referenceKWhPerM2 +=
      (clearSkyGhi(new Date(t + Math.min(step, now - t) / 2), p.latitude, p.longitude) / 1000) *
      (Math.min(step, now - t) / 3_600_000);
  }
  if (referenceKWhPerM2 < 0.05)
    return { specificYield, performanceRatio: null, performanceRatioNote: 'noSun' as const };
  return {
    specificYield,
    performanceRatio: Math.round((specificYield / referenceKWhPerM2) * 1000) / 1000,
    performanceRatioNote: null,
  };
}

/**
 * The production chart from rollups, never raw samples: real time (today since plant-local
 * midnight) and 1 day (the last 24 h) sum the 5-minute acPower averages of the plant's inverters
 * per bucket; 7 / 15 / 30 days are daily energy bars of device_daily (plant-local days).
 */
export async function plantChart(
  db: Kysely<Database>,
  plant: { id: number; timeZone: string },
  range: ChartRange,
  now: number,
) {
  if (range === 'realtime' || range === '1') {
    const from = range === 'realtime' ? startOfLocalDay(now, plant.timeZone) : now - DAY;
    const rows = await inverterRollups(db, plant.id, Math.floor(from / BUCKET) * BUCKET);
    const sums = new Map<number, number>();
    for (const r of rows) {
      const p = parse(r.points).acPower;
      if (typeof p === 'number') sums.set(Number(r.bucket), (sums.get(Number(r.bucket)) ?? 0) + p);
    }
    const points = [...sums]
      .sort((a, b) => a[0] - b[0])
      .map(([b, w]) => [b, Math.round(w * 10) / 10] as [number, number]);
    return { kind: 'power' as const, timeZone: plant.timeZone, points };
  }
  const days = Number(range);
  const list: string[] = [];
  for (let k = days - 1; k >= 0; k--) {
    const d = localDay(now - k * DAY, plant.timeZone);
    if (list[list.length - 1] !== d) list.push(d);
  }
  const rows = await inverterDailyEnergy(db, plant.id, list[0]!, list[list.length - 1]!);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.kwh)]));
  return {
    kind: 'energy' as const,
    timeZone: plant.timeZone,
    points: list.map((d) => [d, Math.round((byDay.get(d) ?? 0) * 1000) / 1000] as [string, number]),
  };
}
