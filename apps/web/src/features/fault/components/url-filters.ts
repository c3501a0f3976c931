import { faultFilters, type FaultFilters } from '@pv/contract';

export interface UrlFilters {
  /** The filters the link names that the server takes (a wrong value is left out). */
  query: FaultFilters;
  /** The fault to open in the drawer (`faultId`). */
  faultId: number | undefined;
  /** Whether the link named anything at all. */
  any: boolean;
}

const KEYS = Object.keys(faultFilters.shape) as (keyof FaultFilters)[];

/**
 * The list's filters as a link writes them: `/systems/problem?plantId=3&days=30&state=unrepaired`
 * (the dashboard, a plant's faults), `?faultId=42` (a notification). Each value is checked on its
 * own with the contract's rules, so one wrong value does not throw the others away.
 */
export function readUrlFilters(params: URLSearchParams): UrlFilters {
  const query: Record<string, unknown> = {};
  for (const key of KEYS) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    const parsed = faultFilters.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) query[key] = parsed.data;
  }
  const id = Number(params.get('faultId'));
  const faultId = Number.isInteger(id) && id > 0 ? id : undefined;
  return { query: query as FaultFilters, faultId, any: Object.keys(query).length > 0 || faultId !== undefined };
}
