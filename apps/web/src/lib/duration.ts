import { localeOf } from './quantity';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/**
 * How long something lasted, in the two largest units that say it ("2 days 3 hr", "3 hr 12 min",
 * "12 min"; "2天 3小时" in Chinese), written by Intl in the console's language. Under a minute: "< 1 min".
 */
export function formatDuration(ms: number, lang?: string): string {
  const locale = localeOf(lang);
  const unit = (value: number, u: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  const total = Math.max(0, ms);
  if (total < MIN) return `< ${unit(1, 'minute')}`;
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MIN);
  const parts =
    days > 0
      ? [unit(days, 'day'), hours > 0 && unit(hours, 'hour')]
      : hours > 0
        ? [unit(hours, 'hour'), minutes > 0 && unit(minutes, 'minute')]
        : [unit(minutes, 'minute')];
  return parts.filter(Boolean).join(' ');
}
