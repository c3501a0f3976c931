import { upload } from '@/lib/http';

/** One picture of a problem (JPG or PNG, at most 2 MB; the server checks its bytes). */
export const uploadProblemPicture = (problemId: number, file: File, onProgress?: (p: number) => void) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<{ id: number; url: string; size: number }>(`/product-problems/${problemId}/pictures`, form, {
    onProgress,
  });
};
