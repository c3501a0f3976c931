import { upload } from '@/lib/http';

/** Uploads the avatar with its progress; rejects with the server's message (shown by the caller). */
export function uploadAvatar(file: File, onProgress: (percent: number) => void): Promise<{ avatar: string }> {
  const form = new FormData();
  form.append('file', file);
  return upload<{ avatar: string }>('/profile/avatar', form, { onProgress, silent: true });
}
