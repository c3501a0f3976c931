import type { FaultCodeRow } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { faultsKey } from '@/api/query-keys';

/** The fault catalogue in the user's language: the code filter's suggestions. Silent: the filter stays a text box without it. */
export const getFaultCodes = () => http.get<FaultCodeRow[]>('/fault-codes', { silent: true });

export const faultCodesQuery = () =>
  queryOptions({ queryKey: [...faultsKey, 'codes'], queryFn: getFaultCodes, staleTime: 10 * 60_000, retry: false });

export const useFaultCodes = () => useQuery(faultCodesQuery());
