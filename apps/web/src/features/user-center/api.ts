import type { OrgRow, Profile, ProfileUpdateBody } from '@pv/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, upload } from '@/lib/http';

export const profileQuery = () => queryOptions({ queryKey: ['profile'], queryFn: () => http.get<Profile>('/profile') });
export const useProfile = () => useQuery(profileQuery());

export const orgQuery = () =>
  queryOptions({ queryKey: ['profile', 'org'], queryFn: () => http.get<OrgRow>('/profile/org') });
export const useOwnOrg = () => useQuery(orgQuery());

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => http.put<Profile>('/profile', body),
    onSuccess: (p) => qc.setQueryData(['profile'], p),
  });
}

export const changePassword = (body: { oldPassword: string; newPassword: string; confirmPassword: string }) =>
  http.post<null>('/sysOrgUser/changePassword', body);

/** Uploads the avatar with its progress; rejects with the server's message (shown by the caller). */
export function uploadAvatar(file: File, onProgress: (percent: number) => void): Promise<{ avatar: string }> {
  const form = new FormData();
  form.append('file', file);
  return upload<{ avatar: string }>('/profile/avatar', form, { onProgress, silent: true });
}
