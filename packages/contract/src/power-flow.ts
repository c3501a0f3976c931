// A device's power flow, apart from the plant schemas in plant.ts (which re-exports it): the device
// list reads powerFlowOf on first load, and a module without zod keeps zod and the plant forms'
// schemas out of it.

/**
 * Which way a device's power flows, as a word: an inverter produces, a battery charges or
 * discharges, a meter imports from or exports to the grid; idle at zero.
 */
export const POWER_DIRECTIONS = ['producing', 'charging', 'discharging', 'importing', 'exporting', 'idle'] as const;
export type PowerDirection = (typeof POWER_DIRECTIONS)[number];

/** A device's power: its direction and the power in W, never signed (its schema: `powerFlow` of plant.ts). */
export interface PowerFlow {
  direction: PowerDirection;
  powerW: number;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * The power flow of a device of `type` from its latest points: an inverter's acPower, a battery's
 * batteryPower (above zero it discharges), a meter's import less its export. Null for a collector
 * and for a device that reported no power.
 */
export function powerFlowOf(type: string, points: Record<string, unknown> | null | undefined): PowerFlow | null {
  if (!points) return null;
  const flow = (w: number, up: PowerDirection, down: PowerDirection): PowerFlow => ({
    direction: w > 0 ? up : w < 0 ? down : 'idle',
    powerW: Math.abs(w),
  });
  switch (type) {
    case 'inverter': {
      const w = num(points.acPower);
      return w === undefined ? null : flow(Math.max(0, w), 'producing', 'idle');
    }
    case 'battery': {
      const w = num(points.batteryPower);
      return w === undefined ? null : flow(w, 'discharging', 'charging');
    }
    case 'meter': {
      const imp = num(points.meterImportPower);
      const exp = num(points.meterExportPower);
      return imp === undefined && exp === undefined ? null : flow((imp ?? 0) - (exp ?? 0), 'importing', 'exporting');
    }
    default:
      return null;
  }
}
