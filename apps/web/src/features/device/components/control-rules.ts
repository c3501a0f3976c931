import {
  checkCommand,
  controlParams,
  DEVICE_CONTROL_MODES,
  type CommandRefusal,
  type ControlParams,
  type DeviceRow,
  type PowerRange,
  type ProductCapabilities,
} from '@pv/contract';
import { formatPlain } from '@/lib/quantity';

export type ControlTarget = keyof typeof DEVICE_CONTROL_MODES;
type Translate = (key: string, values?: Record<string, unknown>) => string;

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

/** The power range the device declares for a target, when the mode sets a power. */
export function powerRangeOf(caps: ProductCapabilities, target: ControlTarget, mode: string): PowerRange | undefined {
  if (!needsPower(target, mode)) return undefined;
  return caps.controls.find((c) => c.target === target)?.power;
}

/** Whether the device takes any command from the console (a meter takes none). */
export const takesCommands = (caps: ProductCapabilities) =>
  caps.controls.length > 0 || caps.settings.length > 0 || caps.reboot || caps.ota;

/** Whether the control panel has something to offer (OTA has its own button in the page header). */
export const hasControls = (caps: ProductCapabilities) =>
  caps.controls.length > 0 || caps.settings.length > 0 || caps.reboot;

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

/**
 * Why the device refuses a power (the server's rule and message, from the contract), or null. An
 * empty power is left to the §5 rule above.
 */
export function powerRefusal(
  sn: string,
  caps: ProductCapabilities,
  target: ControlTarget,
  mode: string,
  power: number | null | undefined,
): CommandRefusal | null {
  if (power === null || power === undefined || !needsPower(target, mode)) return null;
  return checkCommand(sn, caps, { kind: 'control', params: { target, mode, power } });
}

/** A refusal of the contract in the console's language. */
export const refusalText = (t: Translate, r: CommandRefusal) => t(r.key, r.values);

/**
 * A set-point with its unit, exactly as it is sent ("3,000 W", "80%"): not scaled to kW like a
 * measured figure, since the device takes this very number.
 */
export function formatSetPoint(n: number, unit: string | undefined, lang: string): string {
  const text = formatPlain(n, 3, lang);
  if (!unit) return text;
  return unit === '%' ? `${text}%` : `${text} ${unit}`;
}

/** How a confirmation names a device: its name and SN ("Roof battery (BAT-0001)"), the SN alone when they are the same. */
export function deviceNamed(t: Translate, d: Pick<DeviceRow, 'name' | 'sn'>): string {
  return d.name && d.name !== d.sn ? t('device.control.deviceNamed', { name: d.name, sn: d.sn }) : d.sn;
}

/** A setting's name in words ("Active power limit"), its declared name when the console has none. */
export const settingLabel = (t: Translate, name: string) =>
  t(`device.control.settingNames.${name}`, { defaultValue: name });

/** The question a control command asks before it is sent: "Charge Roof battery (BAT-0001) at 3,000 W?" */
export function confirmControlTitle(
  t: Translate,
  lang: string,
  device: Pick<DeviceRow, 'name' | 'sn'>,
  params: ControlParams,
): string {
  return t(`device.control.confirm.${params.target}.${params.mode}`, {
    device: deviceNamed(t, device),
    power: params.power === undefined ? '' : formatSetPoint(params.power, 'W', lang),
  });
}

/** When a control command applies: its time periods, or at once until changed. */
export function confirmControlWhen(t: Translate, params: ControlParams): string {
  if (!takesPeriods(params.target)) return '';
  return params.periods?.length
    ? t('device.control.confirm.during', { periods: params.periods.map((p) => `${p.start}–${p.end}`).join(', ') })
    : t('device.control.confirm.now');
}
