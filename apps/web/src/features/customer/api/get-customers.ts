import type { CustomerListQuery, CustomerRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { customersKey } from '@/api/customer-options';
import { http } from '@/lib/http';

export const getCustomers = (query: CustomerListQuery) =>
  http.get<Page<CustomerRow>>('/customers', { query: { ...query } });

export const customersQuery = (query: CustomerListQuery) =>
  queryOptions({
    queryKey: [...customersKey, 'list', query],
    queryFn: () => getCustomers(query),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (query: CustomerListQuery) => useQuery(customersQuery(query));
