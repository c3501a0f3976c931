import type { FirmwareLimits } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getFirmwareLimits = () => http.get<FirmwareLimits>('/firmware/limits');

// the limit is the server's configuration: it does not change while the console runs
export const firmwareLimitsQuery = () =>
  queryOptions({ queryKey: ['firmware-limits'], queryFn: getFirmwareLimits, staleTime: Infinity });

export const useFirmwareLimits = (enabled: boolean) => useQuery({ ...firmwareLimitsQuery(), enabled });
