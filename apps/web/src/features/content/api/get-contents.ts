import type { ContentQuery, ContentRow, Page } from '@pv/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getContents = (query: ContentQuery) => http.get<Page<ContentRow>>('/contents', { query: { ...query } });

/** Every content list query starts with this key; mutations invalidate it. */
export const contentsKey = ['contents'] as const;

export const contentsQuery = (query: ContentQuery) =>
  queryOptions({
    queryKey: [...contentsKey, query],
    queryFn: () => getContents(query),
    placeholderData: keepPreviousData,
  });

export const useContents = (query: ContentQuery) => useQuery(contentsQuery(query));
