import type { DeviceType } from '@pv/contract';
import { deriveSeed, Rng } from './random.js';

export interface SimDeviceSpec {
  sn: string;
  type: DeviceType;
  plantId: string;
  /** Inverters: peak DC capacity in Wp. */
  capacityWp?: number;
  /** Collectors: the SNs of the inverters behind them (and the firmware each runs, V1.0.0 when not said). */
  subs?: { sn: string; capacityWp: number; firmware?: string }[];
  /** Batteries: usable capacity in kWh. */
  batteryKWh?: number;
  /** The firmware version it runs (what it reports when it connects); V1.0.0 when not said. */
  firmware?: string;
}

export interface SimPlant {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** ISO 3166 alpha-2: with the longitude, the grid it feeds (gridOf) */
  country?: string;
  /** the city it is in (the demo's addresses) */
  city?: string;
  capacityWp: number;
  devices: SimDeviceSpec[];
}

/** Real places in several time zones (both hemispheres, DST and non-DST zones; 50 Hz and 60 Hz grids). */
export const SITES = [
  { city: 'Shanghai', country: 'CN', latitude: 31.23, longitude: 121.47, timeZone: 'Asia/Shanghai' },
  { city: 'Hangzhou', country: 'CN', latitude: 30.27, longitude: 120.15, timeZone: 'Asia/Shanghai' },
  { city: 'Shenzhen', country: 'CN', latitude: 22.54, longitude: 114.06, timeZone: 'Asia/Shanghai' },
  { city: 'Tokyo', country: 'JP', latitude: 35.68, longitude: 139.69, timeZone: 'Asia/Tokyo' },
  { city: 'Sydney', country: 'AU', latitude: -33.87, longitude: 151.21, timeZone: 'Australia/Sydney' },
  { city: 'Delhi', country: 'IN', latitude: 28.61, longitude: 77.21, timeZone: 'Asia/Kolkata' },
  { city: 'Berlin', country: 'DE', latitude: 52.52, longitude: 13.4, timeZone: 'Europe/Berlin' },
  { city: 'Madrid', country: 'ES', latitude: 40.42, longitude: -3.7, timeZone: 'Europe/Madrid' },
  { city: 'Cape Town', country: 'ZA', latitude: -33.92, longitude: 18.42, timeZone: 'Africa/Johannesburg' },
  { city: 'Phoenix', country: 'US', latitude: 33.45, longitude: -112.07, timeZone: 'America/Phoenix' },
  { city: 'Los Angeles', country: 'US', latitude: 34.05, longitude: -118.24, timeZone: 'America/Los_Angeles' },
  { city: 'São Paulo', country: 'BR', latitude: -23.55, longitude: -46.63, timeZone: 'America/Sao_Paulo' },
] as const;

export interface FleetOptions {
  seed: number;
  plants: number;
  /** Upper bound of devices over the whole fleet (benchmarks ask for an exact count). */
  maxDevices?: number;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A deterministic fleet: the same options always give the same plants, devices and SNs. */
export function createFleet({ seed, plants: count, maxDevices }: FleetOptions): SimPlant[] {
  const rng = new Rng(deriveSeed(seed, 'fleet'));
  const plants: SimPlant[] = [];
  let devices = 0;
  for (let i = 0; i < count; i++) {
    const site = SITES[i % SITES.length]!;
    const id = `P${pad(i + 1, 4)}`;
    const inverters = rng.int(1, 3);
    const specs: SimDeviceSpec[] = [];
    let capacityWp = 0;
    const push = (spec: SimDeviceSpec) => {
      if (maxDevices !== undefined && devices >= maxDevices) return;
      specs.push(spec);
      devices++;
    };
    for (let n = 1; n <= inverters; n++) {
      const wp = rng.int(3, 12) * 1000;
      capacityWp += wp;
      push({ sn: `INV${id}${pad(n, 2)}`, type: 'inverter', plantId: id, capacityWp: wp });
    }
    if (rng.chance(0.4)) {
      const subs = Array.from({ length: rng.int(2, 4) }, (_, k) => ({
        sn: `SUB${id}${pad(k + 1, 2)}`,
        capacityWp: rng.int(2, 6) * 1000,
      }));
      capacityWp += subs.reduce((s, x) => s + x.capacityWp, 0);
      push({ sn: `COL${id}01`, type: 'collector', plantId: id, subs });
    }
    if (rng.chance(0.5)) push({ sn: `BAT${id}01`, type: 'battery', plantId: id, batteryKWh: rng.int(5, 20) });
    if (rng.chance(0.7)) push({ sn: `MET${id}01`, type: 'meter', plantId: id });
    // jitter keeps plants of the same city apart on a map
    plants.push({
      id,
      // spec §5 names: letters, digits and Chinese only
      name: `${site.city.normalize('NFD').replace(/[^A-Za-z0-9]/g, '')}${Math.floor(i / SITES.length) + 1}`,
      latitude: Number((site.latitude + rng.between(-0.3, 0.3)).toFixed(4)),
      longitude: Number((site.longitude + rng.between(-0.3, 0.3)).toFixed(4)),
      timeZone: site.timeZone,
      country: site.country,
      city: site.city,
      capacityWp,
      devices: specs,
    });
  }
  return plants;
}

/** A fleet of exactly `devices` inverters spread over plants of 10 (for benchmarks). */
export function createInverterFleet(seed: number, devices: number): SimPlant[] {
  const rng = new Rng(deriveSeed(seed, 'bench'));
  const plants: SimPlant[] = [];
  for (let i = 0; i * 10 < devices; i++) {
    const site = SITES[i % SITES.length]!;
    const id = `B${pad(i + 1, 5)}`;
    const specs: SimDeviceSpec[] = [];
    for (let n = 0; n < 10 && i * 10 + n < devices; n++) {
      specs.push({ sn: `INV${id}${pad(n + 1, 2)}`, type: 'inverter', plantId: id, capacityWp: rng.int(3, 12) * 1000 });
    }
    plants.push({
      id,
      name: `${site.city.normalize('NFD').replace(/[^A-Za-z0-9]/g, '')}Bench${i + 1}`,
      ...site,
      capacityWp: specs.reduce((s, d) => s + (d.capacityWp ?? 0), 0),
      devices: specs,
    });
  }
  return plants;
}
