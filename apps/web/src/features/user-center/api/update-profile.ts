import type { Profile, ProfileUpdateBody } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { profileQuery } from '@/api/profile';

export const updateProfile = (body: ProfileUpdateBody) => http.put<Profile>('/profile', body);

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (p) => qc.setQueryData(profileQuery().queryKey, p),
  });
}
