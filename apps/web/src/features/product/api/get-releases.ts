import type { ReleaseRow } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getReleases = (productId: number) => http.get<ReleaseRow[]>(`/products/${productId}/releases`);

export const releasesKey = ['product-releases'] as const;

export const releasesQuery = (productId: number) =>
  queryOptions({ queryKey: [...releasesKey, productId], queryFn: () => getReleases(productId) });

export const useReleases = (productId: number) => useQuery(releasesQuery(productId));
