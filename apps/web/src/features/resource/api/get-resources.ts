import type { ResourceRow } from '@pv/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getResources = () => http.get<ResourceRow[]>('/resources');
export const useResources = () => useQuery({ queryKey: ['resources'], queryFn: getResources });
