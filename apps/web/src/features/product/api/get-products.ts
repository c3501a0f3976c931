import type { Page, ProductQuery, ProductRow } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getProducts = (query: ProductQuery) => http.get<Page<ProductRow>>('/products', { query: { ...query } });

export const productsKey = ['products'] as const;

export const productsQuery = (query: ProductQuery) =>
  queryOptions({
    queryKey: [...productsKey, query],
    queryFn: () => getProducts(query),
    placeholderData: keepPreviousData,
  });

export const useProducts = (query: ProductQuery) => useQuery(productsQuery(query));
