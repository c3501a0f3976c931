import type { PublicProduct } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Every product with its documents and newest release notes (no sign-in). */
export const getPublicProducts = (lang: string) => http.get<PublicProduct[]>('/cms/products', { query: { lang } });

export const publicProductsQuery = (lang: string) =>
  queryOptions({
    queryKey: ['cms', 'products', lang],
    queryFn: () => getPublicProducts(lang),
    staleTime: 60_000,
    retry: false,
  });

export const usePublicProducts = (lang: string) => useQuery(publicProductsQuery(lang));
