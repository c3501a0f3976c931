import type { SamplesPage, SamplesQuery } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getSamples = (query: SamplesQuery) => http.get<SamplesPage>('/data/samples', { query: { ...query } });

export const samplesQueryOptions = (query: SamplesQuery | undefined) =>
  queryOptions({
    queryKey: ['samples', query],
    queryFn: () => getSamples(query!),
    enabled: !!query,
    placeholderData: keepPreviousData,
  });

export const useSamples = (query: SamplesQuery | undefined) => useQuery(samplesQueryOptions(query));
