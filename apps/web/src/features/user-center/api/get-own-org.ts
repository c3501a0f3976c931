import type { OrgRow } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { profileQuery } from '@/api/profile';

export const getOwnOrg = () => http.get<OrgRow>('/profile/org');

export const orgQuery = () => queryOptions({ queryKey: [...profileQuery().queryKey, 'org'], queryFn: getOwnOrg });

export const useOwnOrg = () => useQuery(orgQuery());
