import { powerFlowOf, type PowerFlow } from '@pv/contract';
import { NO_VALUE, pointUnit, type Formatter } from '@/lib/quantity';

type T = (key: string, options?: Record<string, unknown>) => string;

/** "Charging 5.00 kW", "Idle": a direction is a word beside an unsigned power, never a sign. */
export function flowText(t: T, f: Formatter, flow: PowerFlow | null | undefined): string {
  if (!flow) return NO_VALUE;
  if (flow.direction === 'idle') return t('device.figures.flow.idle');
  return t(`device.figures.flow.${flow.direction}`, { power: f.power(flow.powerW) });
}

/**
 * "AC power" for a known point (and a collector's rssi); an unknown point keeps the name the device
 * sent. With the device's type, a point that means something else on that type is named for what it
 * is there (i18next context): a battery's energyToday / energyTotal are its discharge counter
 * (docs/device-protocol.md), "Discharged today", not an inverter's production.
 */
export function pointName(t: T, point: string, type?: string): string {
  return t(`device.points.${point}`, { defaultValue: point, ...(type && { context: type }) });
}

/**
 * "AC power (W)", "Signal strength (dBm)": the name and the unit the point's values are sent in, for
 * a list of points or a column of raw values. A formatted value names its own unit: pair it with pointName.
 */
export function pointLabel(t: T, point: string, type?: string): string {
  const unit = pointUnit(point);
  const name = pointName(t, point, type);
  return unit ? `${name} (${unit})` : name;
}

/** The order a reading is scanned in: power first, then energies, the DC and grid side, temperatures, weather. */
const READING_ORDER = [
  'acPower',
  'batteryPower',
  'meterImportPower',
  'meterExportPower',
  'batterySoc',
  'energyToday',
  'energyTotal',
  'batteryChargeEnergy',
  'batteryDischargeEnergy',
  'meterImportEnergy',
  'meterExportEnergy',
  'pv1Voltage',
  'pv1Current',
  'pv2Voltage',
  'pv2Current',
  'gridVoltage',
  'gridFrequency',
  'temperature',
  'rssi',
  'ambientTemperature',
  'humidity',
  'windSpeed',
  'airPressure',
];

export interface ReadingItem {
  point: string;
  name: string;
  value: string;
}

/**
 * A device's latest points as an operator reads them: known points in READING_ORDER, then its own
 * points by name; a battery's power as a direction ("Charging 1.03 kW", never "−1.03 kW"), and its
 * energyTotal left out when it also reports batteryDischargeEnergy (the same counter twice).
 */
export function readingItems(
  t: T,
  f: Formatter,
  type: string,
  points: Record<string, unknown> | null | undefined,
): ReadingItem[] {
  const entries = Object.entries(points ?? {});
  const rank = (p: string) => {
    const i = READING_ORDER.indexOf(p);
    return i < 0 ? READING_ORDER.length : i;
  };
  return entries
    .filter(([p]) => !(type === 'battery' && p === 'energyTotal' && 'batteryDischargeEnergy' in (points ?? {})))
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([point, v]) => ({
      point,
      name: pointName(t, point, type),
      value:
        typeof v === 'boolean'
          ? t(v ? 'device.pointOn' : 'device.pointOff')
          : point === 'batteryPower' && typeof v === 'number'
            ? flowText(t, f, powerFlowOf('battery', { batteryPower: v }))
            : f.point(point, v),
    }));
}
