import type { Page, ProblemQuery, ProblemRow } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getProblems = (query: ProblemQuery) =>
  http.get<Page<ProblemRow>>('/product-problems', { query: { ...query } });

export const problemsKey = ['product-problems'] as const;

export const problemsQuery = (query: ProblemQuery) =>
  queryOptions({
    queryKey: [...problemsKey, query],
    queryFn: () => getProblems(query),
    placeholderData: keepPreviousData,
  });

export const useProblems = (query: ProblemQuery) => useQuery(problemsQuery(query));
