import type { ContentKind, PublicContentItem } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Published items of a kind in the page's language (English when it has none); no sign-in. */
export const getPublicContents = (kind: ContentKind, lang: string) =>
  http.get<PublicContentItem[]>('/cms/contents', { query: { kind, lang } });

export const publicContentsQuery = (kind: ContentKind, lang: string) =>
  queryOptions({
    queryKey: ['cms', 'contents', kind, lang],
    queryFn: () => getPublicContents(kind, lang),
    staleTime: 60_000,
    // a transport failure is only logged (spec §8, lib/http): the page keeps its built-in text
    retry: false,
  });

export const usePublicContents = (kind: ContentKind, lang: string) => useQuery(publicContentsQuery(kind, lang));
