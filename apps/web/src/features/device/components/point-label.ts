import { pointUnit } from '@/lib/quantity';

type T = (key: string, options?: Record<string, unknown>) => string;

/** "AC power" for a known point (and a collector's rssi); an unknown point keeps the name the device sent. */
export function pointName(t: T, point: string): string {
  return t(`device.points.${point}`, { defaultValue: point });
}

/**
 * "AC power (W)", "Signal strength (dBm)": the name and the unit the point's values are sent in, for
 * a list of points or a column of raw values. A formatted value names its own unit: pair it with pointName.
 */
export function pointLabel(t: T, point: string): string {
  const unit = pointUnit(point);
  const name = pointName(t, point);
  return unit ? `${name} (${unit})` : name;
}
