import type { FirmwareRow } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { firmwareKey } from '@/api/firmware';

/** Writes a version's release notes (per-language JSON; empty clears them). */
export const setReleaseNotes = ({ id, releaseNotes }: { id: number; releaseNotes: string }) =>
  http.put<FirmwareRow>(`/firmware/${id}/release-notes`, { releaseNotes });

export function useSetReleaseNotes() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setReleaseNotes, onSuccess: () => qc.invalidateQueries({ queryKey: firmwareKey }) });
}
