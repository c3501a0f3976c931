import type { RecomputeRow } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { tariffsKey } from '@/features/tariff/api/get-power-companies';

export const getRecompute = (id: number) => http.get<RecomputeRow>(`/revenue-recomputes/${id}`);

/** A recompute's progress, read every 2 s until it is done or failed. */
export const recomputeQuery = (id: number) =>
  queryOptions({
    queryKey: [...tariffsKey, 'recompute', id],
    queryFn: () => getRecompute(id),
    refetchInterval: (q) => (q.state.data && ['done', 'failed'].includes(q.state.data.state) ? false : 2_000),
  });

export const useRecompute = (id: number) => useQuery(recomputeQuery(id));
