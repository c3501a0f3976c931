import type { Language } from './constants.js';

/**
 * The order each console language writes a calendar date in (issue 22): spec §9's
 * year-month-day (`YYYY-MM-DD HH:mm:ss`, DEFAULT_DATE_FORMAT) in English and Chinese,
 * day/month/year in Spanish, year/month/day with slashes in Japanese. Times of day are 24-hour in
 * all four. The console's display (lib/format.ts, antd's date pickers, chart axes) and the server's
 * Excel exports read this one table; values sent to the API keep the contract's ISO forms.
 * No zod here: the console's first screens import it.
 */
export const DATE_ORDERS: Record<Language, { date: string; month: string; monthDay: string }> = {
  en: { date: 'YYYY-MM-DD', month: 'YYYY-MM', monthDay: 'MM-DD' },
  zh: { date: 'YYYY-MM-DD', month: 'YYYY-MM', monthDay: 'MM-DD' },
  es: { date: 'DD/MM/YYYY', month: 'MM/YYYY', monthDay: 'DD/MM' },
  ja: { date: 'YYYY/MM/DD', month: 'YYYY/MM', monthDay: 'MM/DD' },
};

/** The date order of a language; an unknown one writes as English does. */
export function dateOrder(language: string | undefined): (typeof DATE_ORDERS)[Language] {
  return DATE_ORDERS[(language && language in DATE_ORDERS ? language : 'en') as Language];
}

/**
 * A format written in spec §9's order (dayjs tokens: `YYYY-MM-DD HH:mm:ss`, `YYYY-MM-DD`, `YYYY-MM`,
 * `MM-DD HH:mm`, `HH:mm`) rewritten in the order of `language`: its date part only, the time is
 * left as it is. `DD/MM/YYYY HH:mm:ss` in es, `YYYY/MM/DD HH:mm:ss` in ja, unchanged in en and zh.
 */
export function localDateFormat(format: string, language: string | undefined): string {
  const order = dateOrder(language);
  return format.replace(/YYYY-MM-DD|YYYY-MM|MM-DD/, (part) =>
    part === 'YYYY-MM-DD' ? order.date : part === 'YYYY-MM' ? order.month : order.monthDay,
  );
}

/**
 * The same as an Excel number format, for date cells of the exports: `dd/mm/yyyy hh:mm:ss` in es.
 * (Excel reads `mm` after `hh` as minutes, elsewhere as the month; `-` and `/` are shown as written.)
 */
export function excelDateFormat(format: string, language: string | undefined): string {
  return localDateFormat(format, language).replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => token.toLowerCase());
}

/** The fields of a wall-clock time, as Intl.DateTimeFormat's parts give them (two digits, four for the year). */
export interface WallClockParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** Fills a format of dayjs tokens (YYYY MM DD HH mm ss) from wall-clock parts (text exports: no dayjs on the server). */
export function fillDateFormat(format: string, parts: WallClockParts): string {
  const by: Record<string, string> = {
    YYYY: parts.year,
    MM: parts.month,
    DD: parts.day,
    HH: parts.hour,
    mm: parts.minute,
    ss: parts.second,
  };
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => by[token]!);
}
