import { DEFAULT_DATE_FORMAT } from '@pv/contract';

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, relativeTime, resolveTimeZone, toMillis } from '@/lib/format';
import { useUserTimeZone, zoneAbbreviation, zoneFullName } from '@/lib/time-zone';
import { Text } from '@/components/text';

export interface ZonedTimeProps {
  /** Epoch ms (or seconds, or a date string): the instant to show. */
  value: number | string | Date | null | undefined;
  /**
   * The zone to show it in: a plant's zone for anything about the plant or its devices. null or
   * left out: the user's zone (the user-center setting, else the browser's), as for audit times.
   */
  timeZone?: string | null;
  /** dayjs format in spec §9's order, YYYY-MM-DD HH:mm:ss by default; the date is written in the language's order. */
  format?: string;
  /** Adds how long ago it was (within two days): "2026-11-25 08:00:00 UTC+2 (5 minutes ago)". */
  relative?: boolean;
  /** Shown when there is no time. */
  empty?: ReactNode;
  /** May break onto a second line (a narrow cell beside a long label); kept on one line by default. */
  wrap?: boolean;
}

/**
 * One time as the console shows it: in a stated zone, the zone named after it ("UTC+2", "PST")
 * and its full name on hover, so an operator never has to guess whose clock a time is on.
 */
export function ZonedTime({
  value,
  timeZone,
  format = DEFAULT_DATE_FORMAT,
  relative,
  empty = '—',
  wrap = false,
}: ZonedTimeProps) {
  const { t, i18n } = useTranslation();
  // The user's zone is read only when no zone is given (an unbound device, an audit row).
  const userZone = useUserTimeZone(!timeZone);
  const zone = timeZone ? resolveTimeZone(timeZone) : userZone;
  const text = formatTime(value, format, zone, i18n.language);
  if (!text || value === null || value === undefined) return <>{empty}</>;
  const ms = toMillis(value);
  // Past two days relativeTime answers the date again, which the time already says.
  const recent = Date.now() - ms < 2 * 86_400_000;
  const ago = relative && recent ? relativeTime(ms, Date.now(), (key, values) => t(key, values), zone) : '';
  return (
    <span
      className="zoned-time"
      title={zoneFullName(zone, ms, i18n.language)}
      data-zone={zone}
      style={wrap ? undefined : { whiteSpace: 'nowrap' }}
    >
      {text}{' '}
      <Text type="secondary" className="zoned-time-zone">
        {zoneAbbreviation(zone, ms, i18n.language)}
      </Text>
      {ago ? <Text type="secondary"> ({ago})</Text> : null}
    </span>
  );
}
