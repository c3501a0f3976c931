import type { DeviceRow } from '@pv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http';
import { dashboardKey, devicesKey, plantsKey } from '@/api/query-keys';

/** Deletes a device with its sub devices and data; `withPlant` also its bound plant (plant:delete). */
export const deleteDevice = (id: number, withPlant = false) =>
  http.delete<null>(`/devices/${id}`, withPlant ? { query: { withPlant: 'true' } } : undefined);

export interface DeleteDevicesVars {
  devices: readonly Pick<DeviceRow, 'id' | 'parentSn'>[];
  /** Also delete the plants the (non-sub) devices are bound to. */
  withPlant?: boolean;
  /** Called after each device the server deleted (a later one may fail). */
  onDeleted?: (id: number) => void;
}

/**
 * Deletes the chosen devices one after the other (each with its sub devices and plant binding).
 * Sub devices go first: a chosen collector deleted before them would take them along, and their
 * own request would then find nothing. A sub device is bound through its collector, so it never
 * takes the plant along; a second device of a plant already deleted is simply no longer bound.
 */
export function useDeleteDevices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ devices, withPlant = false, onDeleted }: DeleteDevicesVars) => {
      const ordered = [...devices].sort((a, b) => Number(!a.parentSn) - Number(!b.parentSn));
      for (const d of ordered) {
        await deleteDevice(d.id, withPlant && !d.parentSn);
        onDeleted?.(d.id);
      }
    },
    // plant lists, details and the dashboard count the devices (and the plants) too
    onSettled: () =>
      Promise.all([devicesKey, plantsKey, dashboardKey].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
