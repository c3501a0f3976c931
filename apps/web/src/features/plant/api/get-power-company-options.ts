import type { PowerCompanyOption } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getPowerCompanyOptions = () => http.get<PowerCompanyOption[]>('/power-companies/options');

export const powerCompanyOptionsQuery = () =>
  queryOptions({ queryKey: ['tariffs', 'options'], queryFn: getPowerCompanyOptions, staleTime: 60_000 });

/** The power companies a plant can sell to, with their currency and price areas (the plant form). */
export const usePowerCompanyOptions = (enabled: boolean) => useQuery({ ...powerCompanyOptionsQuery(), enabled });
