import type { ResourceRow } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getResources = () => http.get<ResourceRow[]>('/resources');
export const resourcesQuery = () => queryOptions({ queryKey: ['resources'], queryFn: getResources });
export const useResources = () => useQuery(resourcesQuery());
