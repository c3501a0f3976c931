import type { CustomerOption } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Every customers query starts with this key (the list, the owner picker); customer mutations invalidate it. */
export const customersKey = ['customers'] as const;

/** The customers of the caller's scope whose name, nickname or e-mail holds what is typed (the first 20). */
export const searchCustomerOptions = (keyword: string) =>
  http.get<CustomerOption[]>('/customers/options', {
    query: { keyword: keyword || undefined, limit: 20 },
    silent: true,
  });

export const customerOptionSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...customersKey, 'option-search', keyword],
    queryFn: () => searchCustomerOptions(keyword),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });

/** For a RemoteSelect: the plant form's owner picker. */
export function useCustomerOptionSearch(search: string) {
  const { data, isFetching } = useQuery(customerOptionSearchQuery(search));
  return { options: (data ?? []).map((c) => ({ value: c.id, label: c.name })), loading: isFetching };
}
