import { controlParams, DEVICE_CONTROL_MODES, type ControlParams } from '@pv/contract';

export type ControlTarget = keyof typeof DEVICE_CONTROL_MODES;

export interface ControlValues {
  target: ControlTarget;
  mode: string;
  periods?: { start?: string; end?: string }[];
  power?: number | null;
}

/** PCS charge / discharge sets a power; the other modes send none. */
export const needsPower = (target: ControlTarget, mode: string) =>
  target === 'pcs' && (mode === 'charge' || mode === 'discharge');
/** Battery control has no schedule; every other mode may be limited to time periods. */
export const takesPeriods = (target: ControlTarget) => target !== 'battery';

/**
 * The form's values as the command's params, checked with the contract's rule (the same the server
 * applies): time periods in order and not overlapping, power set and in range where the mode
 * needs it. Answers the params, or the field the spec's message belongs to.
 */
export function toControlParams(
  v: ControlValues,
): { ok: true; params: ControlParams } | { ok: false; field: 'periods' | 'power' | 'mode' } {
  const periods = takesPeriods(v.target) ? (v.periods ?? []).filter((p) => p.start || p.end) : [];
  const candidate = {
    target: v.target,
    mode: v.mode,
    ...(periods.length ? { periods: periods.map((p) => ({ start: p.start ?? '', end: p.end ?? '' })) } : {}),
    ...(needsPower(v.target, v.mode) ? { power: v.power ?? undefined } : {}),
  };
  const parsed = controlParams.safeParse(candidate);
  if (parsed.success) return { ok: true, params: parsed.data };
  const path = String(parsed.error.issues[0]?.path[0] ?? 'periods');
  return { ok: false, field: path === 'power' ? 'power' : path === 'mode' ? 'mode' : 'periods' };
}
