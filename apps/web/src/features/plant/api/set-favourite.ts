import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { plantListKey } from '@/features/plant/api/get-plants';

export const setFavourite = (id: number, favourite: boolean) =>
  http.put<null>(`/plants/${id}/favourite`, { favourite });

export function useSetFavourite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, favourite }: { id: number; favourite: boolean }) => setFavourite(id, favourite),
    onSuccess: () => qc.invalidateQueries({ queryKey: plantListKey }),
  });
}
