import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export interface ProductOption {
  id: number;
  name: string;
  type: string;
}

// Options of the filters and forms; a role without the list permission simply gets no options (no toast).
export const getProducts = () =>
  http.get<{ rows: ProductOption[]; total: number }>('/products', { query: { pageSize: 500 }, silent: true });

export const productsQuery = () =>
  queryOptions({ queryKey: ['products', 'options'], queryFn: getProducts, staleTime: 60_000, retry: false });

export const useProducts = (enabled = true) => useQuery({ ...productsQuery(), enabled });
