import type { RoleOptions } from '@pv/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Organisations, data scopes and the sensitive grant you may give. */
export const useRoleOptions = (enabled = true) =>
  useQuery({ queryKey: ['roles', 'options'], queryFn: () => http.get<RoleOptions>('/roles/options'), enabled });
