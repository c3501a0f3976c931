import type { FaultCounts, FaultFilters } from '@pv/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { useLiveQuery } from '@/lib/live';
import { faultsKey } from '@/api/query-keys';

/** How many faults match the filters per processing state (the tabs); the processing and state filters are left out. */
export const getFaultCounts = (filters: FaultFilters) =>
  http.get<FaultCounts>('/faults/counts', { query: { ...filters, processing: undefined, state: undefined } });

export const faultCountsQuery = (filters: FaultFilters) => {
  const { processing: _p, state: _s, ...rest } = filters;
  return queryOptions({
    queryKey: [...faultsKey, 'counts', rest],
    queryFn: () => getFaultCounts(rest),
    placeholderData: keepPreviousData,
  });
};

export const useFaultCounts = (filters: FaultFilters) => useLiveQuery(faultCountsQuery(filters));
