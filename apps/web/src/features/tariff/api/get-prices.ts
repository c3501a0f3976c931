import type { Page, PriceQuery, PriceRow } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { tariffsKey } from '@/features/tariff/api/get-power-companies';

export const getPrices = (query: PriceQuery) =>
  http.get<Page<PriceRow>>('/electricity-prices', { query: { ...query } });

export const pricesQuery = (query: PriceQuery) =>
  queryOptions({
    queryKey: [...tariffsKey, 'prices', query],
    queryFn: () => getPrices(query),
    placeholderData: keepPreviousData,
  });

export const usePrices = (query: PriceQuery) => useQuery(pricesQuery(query));
