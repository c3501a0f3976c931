import { LANGUAGES, NUMBER_SUFFIXES, type Language } from '@pv/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from './i18n';

/**
 * What a figure measures. Each has one unit and one precision everywhere in the console, so the
 * same figure reads the same on the dashboard, the plant and the device pages.
 */
export type Quantity =
  | 'power'
  | 'energy'
  | 'capacity'
  | 'co2'
  | 'hours'
  | 'specificYield'
  | 'temperature'
  | 'humidity'
  | 'windSpeed'
  | 'airPressure'
  | 'signal'
  | 'soc'
  | 'ratio'
  | 'voltage'
  | 'current'
  | 'frequency'
  | 'count';

interface Spec {
  /** the unit ('°C'), or the first of `steps`; '%' for a percentage, '' for a count */
  unit: string;
  /** the units a growing figure steps through by powers of 1000 (W, kW, MW, GW) */
  steps?: readonly string[];
  /** whole numbers in the first step: no device reports tenths of a watt */
  wholeFirstStep?: boolean;
  /** what one unit of the input is worth in `unit`: energy comes from the API in kWh, shown from Wh */
  input?: number;
  /** significant digits kept (trailing zeros too, so a column of figures lines up) … */
  significant?: number;
  /** … or a fixed number of decimals */
  decimals?: number;
}

// The spec's number suffixes (§9) double as the SI prefixes of the scaled units: k, M, G.
const prefixed = (unit: string) => ['', ...NUMBER_SUFFIXES.slice(0, 3)].map((p) => `${p}${unit}`);
const stepped = (unit: string, input?: number): Spec => ({
  unit,
  steps: prefixed(unit),
  wholeFirstStep: true,
  input,
  significant: 3,
});

const SPECS: Record<Quantity, Spec> = {
  power: stepped('W'),
  energy: stepped('Wh', 1000),
  capacity: stepped('Wp'),
  // CO₂ grows from kg to tonnes, kilotonnes and megatonnes (not a power of the gram)
  co2: { unit: 'kg', steps: ['kg', 't', 'kt', 'Mt'], significant: 3 },
  hours: { unit: 'h', significant: 3 },
  specificYield: { unit: 'kWh/kWp', significant: 3 },
  temperature: { unit: '°C', decimals: 1 },
  humidity: { unit: '%', decimals: 0 },
  windSpeed: { unit: 'm/s', decimals: 1 },
  airPressure: { unit: 'hPa', decimals: 0 },
  signal: { unit: 'dBm', decimals: 0 },
  soc: { unit: '%', decimals: 0 },
  ratio: { unit: '%', input: 100, decimals: 1 },
  voltage: { unit: 'V', decimals: 1 },
  current: { unit: 'A', decimals: 2 },
  frequency: { unit: 'Hz', decimals: 2 },
  count: { unit: '', decimals: 0 },
};

/** What a figure with no value shows. */
export const NO_VALUE = '—';

const LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', es: 'es-ES', ja: 'ja-JP' };

/** The Intl locale of a console language ('zh' → 'zh-CN'); English for anything else. */
export function localeOf(lang?: string | null): string {
  const code = (lang ?? '').slice(0, 2) as Language;
  return (LANGUAGES as readonly string[]).includes(code) ? LOCALES[code] : LOCALES.en;
}

/** The console's language once i18n is set up, English before. */
const currentLanguage = () => (i18n.isInitialized ? i18n.language : 'en');

// An Intl.NumberFormat costs far more to build than to use: one per locale and precision.
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

/** A figure as its number and its unit, each in the language's writing ({ value: '3.63', unit: 'MWh' }). */
export interface QuantityParts {
  value: string;
  unit: string;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Rounds to `digits` significant digits, never dropping whole digits (12 345 h stays 12 345). */
function roundSignificant(v: number, digits: number): number {
  if (v === 0) return 0;
  const magnitude = Math.floor(Math.log10(Math.abs(v))) + 1;
  return Number(v.toPrecision(Math.min(100, Math.max(digits, magnitude))));
}

/** Picks the unit after rounding, so 999.5 W is "1.00 kW", never "1000 W". */
function scale(v: number, units: number, significant: number): { scaled: number; step: number } {
  let step = 0;
  let scaled = v;
  while (step < units - 1 && Math.abs(roundSignificant(scaled, significant)) >= 1000) {
    scaled /= 1000;
    step++;
  }
  return { scaled, step };
}

function digitsOptions(v: number, spec: Spec, whole: boolean): Intl.NumberFormatOptions {
  const sign = { signDisplay: 'negative' } as const; // never "-0" for a figure that rounds to zero
  if (spec.decimals !== undefined)
    return { ...sign, minimumFractionDigits: spec.decimals, maximumFractionDigits: spec.decimals };
  const significant = spec.significant ?? 3;
  // no padding for zero ("0 W"), and whole digits are never rounded away (12,345 h)
  if (whole || v === 0 || Math.abs(v) >= 10 ** significant) return { ...sign, maximumFractionDigits: 0 };
  return { ...sign, minimumSignificantDigits: significant, maximumSignificantDigits: significant };
}

/**
 * A figure as number and unit in the console's language (or `lang`): power from W, energy from
 * kWh, capacity from Wp, the others in their own unit; null for no value.
 */
export function quantityParts(q: Quantity, value: number | null | undefined, lang?: string): QuantityParts | null {
  if (!isNumber(value)) return null;
  const spec = SPECS[q];
  const locale = localeOf(lang ?? currentLanguage());
  let v = value * (spec.input ?? 1);
  let unit = spec.unit;
  let whole = false;
  if (spec.steps) {
    const { scaled, step } = scale(v, spec.steps.length, spec.significant ?? 3);
    v = scaled;
    unit = spec.steps[step]!;
    whole = step === 0 && !!spec.wholeFirstStep;
  }
  const options = digitsOptions(v, spec, whole);
  if (unit === '%') {
    const parts = numberFormat(locale, { ...options, style: 'percent' }).formatToParts(v / 100);
    const text = parts
      .filter((p) => p.type !== 'percentSign' && p.type !== 'literal')
      .map((p) => p.value)
      .join('');
    return { value: text, unit };
  }
  return { value: numberFormat(locale, options).format(v), unit };
}

/**
 * A figure with its unit: "3.63 MWh", "960 W", "21.5 °C", "55%" (the locale places the percent
 * sign: "55 %" in Spanish); "—" for no value.
 */
export function formatQuantity(q: Quantity, value: number | null | undefined, lang?: string): string {
  const parts = quantityParts(q, value, lang);
  if (!parts) return NO_VALUE;
  if (!parts.unit) return parts.value;
  if (parts.unit === '%') {
    // the language's own percent pattern, around the number as already rounded
    const locale = localeOf(lang ?? currentLanguage());
    return numberFormat(locale, { style: 'percent' })
      .formatToParts(0)
      .map((p) => (p.type === 'integer' ? parts.value : p.value))
      .join('');
  }
  return `${parts.value} ${parts.unit}`;
}

/** A plain number in the language's writing, with at most `decimals` decimals (raw data, axis ticks). */
export function formatPlain(value: number | null | undefined, decimals = 2, lang?: string): string {
  if (!isNumber(value)) return NO_VALUE;
  return numberFormat(localeOf(lang ?? currentLanguage()), {
    maximumFractionDigits: decimals,
    signDisplay: 'negative',
  }).format(value);
}

/** One unit for a whole chart axis: the one the largest figure would get. */
export interface AxisScale {
  /** the axis's unit ('kW') */
  unit: string;
  /** a tick in that unit, without the unit ("1.5") */
  tick: (value: number) => string;
}

/** The axis unit for figures up to `max` (in the quantity's input unit: W, kWh, …), never below that unit. */
export function axisScale(q: Quantity, max: number, lang?: string): AxisScale {
  const spec = SPECS[q];
  const input = spec.input ?? 1;
  let divisor = 1;
  let unit = spec.unit;
  if (spec.steps && isNumber(max)) {
    // never below the unit the figures come in: an energy axis of small days reads 0.5 kWh, not 500 Wh
    const least = Math.round(Math.log10(input) / 3);
    const step = Math.max(least, scale(Math.abs(max) * input, spec.steps.length, spec.significant ?? 3).step);
    divisor = 1000 ** step;
    unit = spec.steps[step]!;
  }
  return { unit, tick: (value) => formatPlain((value * input) / divisor, 2, lang) };
}

/** A telemetry point's quantity: the known points of the contract and what collectors add (rssi). */
export const POINT_QUANTITIES: Record<string, Quantity> = {
  acPower: 'power',
  batteryPower: 'power',
  meterImportPower: 'power',
  meterExportPower: 'power',
  energyToday: 'energy',
  energyTotal: 'energy',
  meterImportEnergy: 'energy',
  meterExportEnergy: 'energy',
  batteryChargeEnergy: 'energy',
  batteryDischargeEnergy: 'energy',
  pv1Voltage: 'voltage',
  pv2Voltage: 'voltage',
  gridVoltage: 'voltage',
  pv1Current: 'current',
  pv2Current: 'current',
  gridFrequency: 'frequency',
  temperature: 'temperature',
  ambientTemperature: 'temperature',
  batterySoc: 'soc',
  humidity: 'humidity',
  windSpeed: 'windSpeed',
  airPressure: 'airPressure',
  rssi: 'signal',
};

/** The unit a point's values are sent in ('W', 'kWh', 'dBm'), or undefined for a point the console does not know. */
export function pointUnit(point: string): string | undefined {
  const q = POINT_QUANTITIES[point];
  if (!q) return undefined;
  return q === 'energy' ? 'kWh' : SPECS[q].unit || undefined;
}

/** A point's value as shown: a known point as its quantity, another number plainly, a text as sent. */
export function formatPoint(point: string, value: unknown, lang?: string): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (typeof value !== 'number') return String(value);
  const q = POINT_QUANTITIES[point];
  return q ? formatQuantity(q, value, lang) : formatPlain(value, 3, lang);
}

/** The formatters bound to one language. */
export function formatterFor(lang: string) {
  return {
    lang,
    quantity: (q: Quantity, v: number | null | undefined) => formatQuantity(q, v, lang),
    parts: (q: Quantity, v: number | null | undefined) => quantityParts(q, v, lang),
    /** W */
    power: (w: number | null | undefined) => formatQuantity('power', w, lang),
    /** kWh */
    energy: (kwh: number | null | undefined) => formatQuantity('energy', kwh, lang),
    /** Wp */
    capacity: (wp: number | null | undefined) => formatQuantity('capacity', wp, lang),
    count: (n: number | null | undefined) => formatQuantity('count', n, lang),
    plain: (v: number | null | undefined, decimals?: number) => formatPlain(v, decimals, lang),
    point: (point: string, v: unknown) => formatPoint(point, v, lang),
    axis: (q: Quantity, max: number) => axisScale(q, max, lang),
  };
}
export type Formatter = ReturnType<typeof formatterFor>;

/** The formatters in the console's current language, for components. */
export function useFormat(): Formatter {
  const { i18n: instance } = useTranslation();
  const lang = instance.language;
  return useMemo(() => formatterFor(lang), [lang]);
}
