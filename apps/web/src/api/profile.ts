import type { Profile } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** The signed-in user's own account (GET /profile): the user center, the zone setting, the authoriser's e-mail. */
export const getProfile = () => http.get<Profile>('/profile');

/**
 * One cache entry for the whole console: the user center reads and writes it, so a saved zone or
 * e-mail shows everywhere at once.
 */
export const profileQuery = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile, staleTime: 5 * 60_000 });

export const useProfile = () => useQuery(profileQuery());
