import { KNOWN_POINTS } from '@pv/contract';

type T = (key: string, options?: Record<string, unknown>) => string;

/** "AC power (W)" for a known point; an unknown point keeps the name the device sent. */
export function pointLabel(t: T, point: string): string {
  const unit = (KNOWN_POINTS as Record<string, string>)[point];
  const name = t(`device.points.${point}`, { defaultValue: point });
  return unit ? `${name} (${unit})` : name;
}
