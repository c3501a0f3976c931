import type { HistoryData } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { devicesKey } from '@/api/query-keys';

export const getPointHistory = (id: number, point: string, range: number) =>
  http.get<HistoryData>(`/devices/${id}/history`, { query: { point, range } });

/** Real time refreshes each minute; the longer ranges change slowly. */
export const pointHistoryQuery = (id: number, point: string | undefined, range: number) =>
  queryOptions({
    queryKey: [...devicesKey, 'history', id, point, range],
    queryFn: () => getPointHistory(id, point!, range),
    enabled: id > 0 && !!point,
    placeholderData: keepPreviousData,
    refetchInterval: range <= 1 ? 60_000 : false,
  });

export const usePointHistory = (id: number, point: string | undefined, range: number) =>
  useQuery(pointHistoryQuery(id, point, range));
