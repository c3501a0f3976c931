// The window of a data overview's history range (spec §9), apart from device.ts: the console's data
// overview page reads it, and device.ts's module would bring zod and the device schemas with it.

/** Real time shows the last 3 hours; 5-minute buckets up to 1 day, hourly averages beyond. */
export const REALTIME_WINDOW_MS = 3 * 3600_000;
export function historyWindow(range: number, now: number): { from: number; to: number; stepMs: number } {
  const span = range === 0 ? REALTIME_WINDOW_MS : range * 86_400_000;
  return { from: now - span, to: now, stepMs: range <= 1 ? 300_000 : 3600_000 };
}
