import type { ProductOption } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export type { ProductOption };

// The catalogue as the device filters and forms need it, from the option list every role that
// lists devices may read (the full /products list is the product admin page's, behind product:list).
export const getProducts = () => http.get<ProductOption[]>('/options/products', { silent: true });

// `rows`, as the device form reads it; a failure leaves the filter out rather than toasting
export const productsQuery = () =>
  queryOptions({
    queryKey: ['products', 'options'],
    queryFn: async () => ({ rows: await getProducts() }),
    staleTime: 60_000,
    retry: false,
  });

export const useProducts = (enabled = true) => useQuery({ ...productsQuery(), enabled });
