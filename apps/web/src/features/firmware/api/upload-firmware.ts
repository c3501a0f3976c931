import type { FirmwareRow, FirmwareUploadFields } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/http';
import { firmwareKey } from '@/api/firmware';

export interface FirmwareUpload {
  fields: FirmwareUploadFields;
  file: File;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

/** Multipart: the text fields first, then the file (the server validates them before storing it). */
export function uploadFirmware({ fields, file, onProgress, signal }: FirmwareUpload): Promise<FirmwareRow> {
  const form = new FormData();
  form.append('version', fields.version);
  form.append('deviceType', fields.deviceType);
  if (fields.description) form.append('description', fields.description);
  if (fields.releaseNotes) form.append('releaseNotes', fields.releaseNotes);
  form.append('file', file, file.name);
  return upload<FirmwareRow>('/firmware', form, { onProgress, signal });
}

export function useUploadFirmware() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: uploadFirmware, onSuccess: () => qc.invalidateQueries({ queryKey: firmwareKey }) });
}
