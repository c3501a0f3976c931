import { isPeriodName } from '@pv/contract';
import type { TFunction } from 'i18next';

/**
 * A time-of-use period's name as the reader reads it: a period the console knows (the contract's
 * PERIOD_NAMES: "offPeak") in the reader's language, a name a user typed ("Heures creuses") as typed.
 */
export function periodLabel(t: TFunction, name: string): string {
  return isPeriodName(name) ? t(`tariff.periodNames.${name}`) : name;
}

/** A period's hours, "08:00–20:00", or "all day" when it starts where it ends (00:00–00:00). */
export function periodHours(t: TFunction, p: { from: string; to: string }): string {
  return p.from === p.to || (p.from === '00:00' && p.to === '24:00') ? t('tariff.allDay') : `${p.from}–${p.to}`;
}
