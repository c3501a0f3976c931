import { API_BASE, REQUEST_TIMEOUT_MS, type Envelope, type OrgRow, type Profile, type ProfileUpdateBody } from '@pv/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import i18n from '../../lib/i18n';
import { getToken } from '../../lib/token';

export const profileQuery = () => queryOptions({ queryKey: ['profile'], queryFn: () => http.get<Profile>('/profile') });
export const useProfile = () => useQuery(profileQuery());

export const orgQuery = () => queryOptions({ queryKey: ['profile', 'org'], queryFn: () => http.get<OrgRow>('/profile/org') });
export const useOwnOrg = () => useQuery(orgQuery());

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => http.put<Profile>('/profile', body),
    onSuccess: (p) => qc.setQueryData(['profile'], p),
  });
}

export const changePassword = (body: { oldPassword: string; newPassword: string; confirmPassword: string }) => http.post<null>('/sysOrgUser/changePassword', body);

/**
 * Uploads the avatar with XMLHttpRequest (fetch reports no upload progress), with the same
 * headers as every call; rejects with the server's message on failure.
 */
export function uploadAvatar(file: File, onProgress: (percent: number) => void): Promise<{ avatar: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/profile/avatar`);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    const token = getToken();
    if (token) xhr.setRequestHeader('X-Token', token);
    xhr.setRequestHeader('Accept-Language', i18n.language || 'en');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: Partial<Envelope<{ avatar: string }>> | undefined;
      try {
        body = JSON.parse(xhr.responseText) as Envelope<{ avatar: string }>;
      } catch {
        body = undefined;
      }
      if (xhr.status === 200 && body?.code === 200 && body.data) resolve(body.data);
      else reject(new Error(body?.msg || xhr.statusText || 'upload failed'));
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.ontimeout = () => reject(new Error('timeout'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
