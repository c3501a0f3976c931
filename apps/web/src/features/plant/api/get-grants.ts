import type { GrantRow } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { plantsKey } from '@/api/query-keys';

export const getGrants = (plantId: number) => http.get<GrantRow[]>(`/plants/${plantId}/grants`);

export const grantsQuery = (plantId: number) =>
  queryOptions({ queryKey: [...plantsKey, 'grants', plantId], queryFn: () => getGrants(plantId) });

export const useGrants = (plantId: number, enabled = true) => useQuery({ ...grantsQuery(plantId), enabled });
