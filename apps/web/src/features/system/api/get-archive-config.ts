import type { ArchiveConfigData } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getArchiveConfig = () => http.get<ArchiveConfigData>('/archive-config');

export const archiveConfigQuery = () => queryOptions({ queryKey: ['archive-config'], queryFn: getArchiveConfig });

export const useArchiveConfig = () => useQuery(archiveConfigQuery());
