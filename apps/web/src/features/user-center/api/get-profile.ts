import type { Profile } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getProfile = () => http.get<Profile>('/profile');

export const profileQuery = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export const useProfile = () => useQuery(profileQuery());
