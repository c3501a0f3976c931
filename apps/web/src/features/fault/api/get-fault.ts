import type { FaultDetail } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { faultsKey } from '@/api/query-keys';

/** Silent: the drawer says itself why it has nothing to show (gone, out of scope, failed). */
export const getFault = (id: number) => http.get<FaultDetail>(`/faults/${id}`, { silent: true });

export const faultQuery = (id: number) =>
  queryOptions({ queryKey: [...faultsKey, 'detail', id], queryFn: () => getFault(id), enabled: id > 0, retry: false });

export const useFault = (id: number | null) => useQuery({ ...faultQuery(id ?? 0), enabled: !!id });
