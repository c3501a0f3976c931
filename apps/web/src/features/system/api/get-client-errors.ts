import type { ClientErrorQuery, ClientErrorRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getClientErrors = (query: ClientErrorQuery) =>
  http.get<Page<ClientErrorRow>>('/client-errors', { query: { ...query } });

export const clientErrorsKey = ['client-errors'] as const;

export const clientErrorsQuery = (query: ClientErrorQuery) =>
  queryOptions({
    queryKey: [...clientErrorsKey, query],
    queryFn: () => getClientErrors(query),
    placeholderData: keepPreviousData,
  });

export const useClientErrors = (query: ClientErrorQuery) => useQuery(clientErrorsQuery(query));
