import type { GrantPerm } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { grantsQuery } from '@/features/plant/api/get-grants';

export const createGrants = (plantId: number, emails: string, perms: GrantPerm[]) =>
  http.post<null>(`/plants/${plantId}/grants`, { emails, perms });
export const updateGrant = (plantId: number, grantId: number, perms: GrantPerm[]) =>
  http.put<null>(`/plants/${plantId}/grants/${grantId}`, { perms });

/** Authorises the e-mails (no grantId) or changes one authorised user's permissions. */
export function useSaveGrant(plantId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { grantId?: number; emails?: string; perms: GrantPerm[] }) =>
      v.grantId ? updateGrant(plantId, v.grantId, v.perms) : createGrants(plantId, v.emails ?? '', v.perms),
    onSuccess: () => qc.invalidateQueries({ queryKey: grantsQuery(plantId).queryKey }),
  });
}
