import type { FaultData } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { faultsKey } from '@/api/query-keys';

/** The device's points from an hour before the fault to an hour after its repair (or now). */
export const getFaultData = (id: number, points?: string[]) =>
  http.get<FaultData>(`/faults/${id}/data`, { query: { points: points?.length ? points.join(',') : undefined } });

export const faultDataQuery = (id: number, points?: string[]) =>
  queryOptions({
    queryKey: [...faultsKey, 'data', id, points ?? null],
    queryFn: () => getFaultData(id, points),
    placeholderData: keepPreviousData,
  });

export const useFaultData = (id: number | null, points?: string[]) =>
  useQuery({ ...faultDataQuery(id ?? 0, points), enabled: !!id });
