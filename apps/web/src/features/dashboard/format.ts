import { formatNumber } from '@/lib/format';

/**
 * A figure in a base unit as the number and the prefixed unit, with the spec §9 suffixes:
 * (12 500.5, 'W') → { value: '12.5', unit: 'kW' }; (80 000, 'Wh') → { value: '80', unit: 'kWh' }.
 */
export function withUnit(value: number, unit: string, digits = 1): { value: string; unit: string } {
  const text = formatNumber(value, digits);
  const m = /^(-?[\d.]+)([kMGTPE]?)$/.exec(text);
  return m ? { value: m[1]!, unit: `${m[2]}${unit}` } : { value: text, unit };
}
