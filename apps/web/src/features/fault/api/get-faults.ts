import type { FaultQuery, FaultRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { useLiveQuery } from '@/lib/live';
import { faultsKey } from '@/api/query-keys';

export const getFaults = (query: FaultQuery) => http.get<Page<FaultRow>>('/faults', { query: { ...query } });

export const faultsQuery = (query: FaultQuery) =>
  queryOptions({
    queryKey: [...faultsKey, 'list', query],
    queryFn: () => getFaults(query),
    placeholderData: keepPreviousData,
  });

/** Read again when a live event says a fault opened (the page's useLiveInvalidate); polls while the stream is down. */
export const useFaults = (query: FaultQuery) => useLiveQuery(faultsQuery(query));
