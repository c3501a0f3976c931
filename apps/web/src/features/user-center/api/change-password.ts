import { http } from '@/lib/http';

export const changePassword = (body: { oldPassword: string; newPassword: string; confirmPassword: string }) =>
  http.post<null>('/sysOrgUser/changePassword', body);
