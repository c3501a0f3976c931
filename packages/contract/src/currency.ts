// Currencies of the tariffs (issue 20), apart from their schemas in tariff.ts: the console formats
// amounts on many pages, and a module without zod keeps zod out of their first load.

/** An ISO 4217 code the runtime knows ("EUR", "CNY"). */
export function isCurrency(v: string): boolean {
  if (!/^[A-Z]{3}$/.test(v)) return false;
  try {
    return Intl.supportedValuesOf('currency').includes(v);
  } catch {
    return false;
  }
}

const digitsCache = new Map<string, number>();
/** Minor-unit digits of a currency (EUR 2, JPY 0, KWD 3), from the runtime's ISO 4217 data. */
export function currencyDigits(currency: string): number {
  let d = digitsCache.get(currency);
  if (d === undefined) {
    d = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, d);
  }
  return d;
}

/** An amount in minor units as the decimal string of its currency ("1234" EUR → "12.34", JPY → "1234"). */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const neg = minor < 0;
  const s = String(Math.abs(Math.round(minor))).padStart(digits + 1, '0');
  const body = digits ? `${s.slice(0, s.length - digits)}.${s.slice(s.length - digits)}` : s;
  return neg ? `-${body}` : body;
}
