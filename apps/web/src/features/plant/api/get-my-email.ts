import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** The signed-in user's e-mail: the authoriser, whom the authorised list may not contain (spec §5). */
export const getMyEmail = async () => (await http.get<{ email: string | null }>('/profile')).email;

export const myEmailQuery = () =>
  queryOptions({ queryKey: ['profile', 'email'], queryFn: getMyEmail, staleTime: 300_000 });

export const useMyEmail = () => useQuery(myEmailQuery());
