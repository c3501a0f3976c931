import { queryOptions, useQuery } from '@tanstack/react-query';
import { buildUrl } from '@/lib/http';
import { getToken } from '@/lib/token';

/** A problem picture as a blob URL: fetched with the session header, so no token goes into an <img> URL. */
export async function getProblemPicture(url: string): Promise<string> {
  const res = await fetch(url.startsWith('/photo_voltaic') ? url : buildUrl(url), {
    headers: { 'X-Token': getToken() ?? '' },
  });
  if (!res.ok) throw new Error(res.statusText);
  return URL.createObjectURL(await res.blob());
}

export const problemPictureQuery = (url: string) =>
  queryOptions({
    queryKey: ['problem-picture', url],
    queryFn: () => getProblemPicture(url),
    staleTime: Infinity,
    gcTime: 300_000,
  });

export const useProblemPicture = (url: string) => useQuery(problemPictureQuery(url));
