import type { SearchResult } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** The longest text GET /search accepts. */
export const SEARCH_MAX = 64;

/** Plants by name and devices by SN that the caller may open; a failure leaves the pages alone (no toast). */
export const getSearch = (q: string) => http.get<SearchResult>('/search', { query: { q }, silent: true });

export const searchQuery = (q: string) =>
  queryOptions({ queryKey: ['search', q], queryFn: () => getSearch(q), staleTime: 30_000, retry: false });

/** The header's record search: nothing asked for an empty text. */
export const useSearch = (q: string) => useQuery({ ...searchQuery(q), enabled: q.length > 0 });
