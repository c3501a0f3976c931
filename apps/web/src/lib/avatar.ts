import { useQuery } from '@tanstack/react-query';
import { getToken } from './token';

/**
 * An avatar picture as an object URL: the server serves avatars to signed-in users only, and an
 * <img> cannot send the X-Token header, so the picture is fetched with it and shown from memory.
 */
export async function fetchAvatar(path: string): Promise<string> {
  const token = getToken();
  const res = await fetch(path, { headers: token ? { 'X-Token': token } : {} });
  if (!res.ok) throw new Error(`avatar ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

/** The picture to show for an avatar path ('' or not loaded yet: undefined, the icon stands in). */
export function useAvatarSrc(path: string | undefined | null): string | undefined {
  const { data } = useQuery({
    queryKey: ['avatar', path],
    queryFn: () => fetchAvatar(path!),
    enabled: !!path,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return path ? data : undefined;
}
