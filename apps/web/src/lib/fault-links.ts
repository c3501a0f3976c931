import type { FaultFilters } from '@pv/contract';

/** The fault list's page (route `problem` under /systems). */
export const FAULT_LIST_PATH = '/systems/problem';

/**
 * The fault list with filters, as the list reads them from its URL: the dashboard's count
 * (`days=30`), a plant's faults (`plantId`, `state`), a notification (`faultId` opens the drawer).
 */
export function faultListHref(filters: FaultFilters & { faultId?: number } = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${FAULT_LIST_PATH}${qs ? `?${qs}` : ''}`;
}
