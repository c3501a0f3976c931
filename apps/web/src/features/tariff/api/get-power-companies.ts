import type { Page, PowerCompanyQuery, PowerCompanyRow } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getPowerCompanies = (query: PowerCompanyQuery) =>
  http.get<Page<PowerCompanyRow>>('/power-companies', { query: { ...query } });

/** Every power-company and price query starts with this key; mutations invalidate it. */
export const tariffsKey = ['tariffs'] as const;

export const powerCompaniesQuery = (query: PowerCompanyQuery) =>
  queryOptions({
    queryKey: [...tariffsKey, 'companies', query],
    queryFn: () => getPowerCompanies(query),
    placeholderData: keepPreviousData,
  });

export const usePowerCompanies = (query: PowerCompanyQuery) => useQuery(powerCompaniesQuery(query));
