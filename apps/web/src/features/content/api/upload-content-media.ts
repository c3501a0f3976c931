import { upload } from '@/lib/http';

/** A picture (JPG/PNG, 2 MB) or video (MP4) for content; answers its public URL. */
export const uploadContentMedia = (file: File, onProgress?: (p: number) => void) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<{ url: string; mime: string; size: number }>('/contents/media', form, { onProgress });
};
