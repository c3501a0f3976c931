const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day ("2026-03-29") of an instant in an IANA time zone (DST-safe). */
export function localDay(ts: number, timeZone: string): string {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, f);
  }
  return f.format(ts);
}
