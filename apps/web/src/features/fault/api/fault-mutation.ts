import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardKey, faultsKey, plantsKey } from '@/api/query-keys';

/**
 * A change to a fault: the lists, counts and the drawer of faults are read again, and so are the
 * dashboard's fault count and the plants' fault states that follow from it.
 */
export function useFaultMutation<V>(mutationFn: (vars: V) => Promise<{ msg: string }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: faultsKey }),
        qc.invalidateQueries({ queryKey: dashboardKey }),
        qc.invalidateQueries({ queryKey: plantsKey }),
      ]);
    },
  });
}
