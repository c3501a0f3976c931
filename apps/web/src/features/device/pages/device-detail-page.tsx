import { Card } from 'antd';
import { Suspense, useEffect } from 'react';
import { useLiveDevices } from '@/lib/live';
import { lazyNamed } from '@/components/lazy-modal';
import { deviceQuery, useDevice } from '@/features/device/api/get-device';
import { useDeviceId } from '@/features/device/components/use-device-id';
import { DeviceNotFound, DeviceUnavailable } from '@/features/device/components/device-not-found';

// the page of a device that was read: its tables, control panel and OTA (components/device-detail-view.tsx)
const loadView = () => import('@/features/device/components/device-detail-view');
const DeviceDetailView = lazyNamed(loadView, 'DeviceDetailView');

/**
 * /devices/devices_detail?id=: facts, live points, sub devices, control and OTA. Read again when the
 * device reports (live `devices` events); polled only while the event stream is not open.
 */
export default function DeviceDetailPage() {
  const id = useDeviceId();
  const { data: d, isError, error, refetch, dataUpdatedAt } = useDevice(id, true);
  useLiveDevices([id], deviceQuery(id).queryKey);
  // the view's code loads while the device is read, not after
  useEffect(() => {
    if (id) void loadView();
  }, [id]);

  if (!id) return <DeviceNotFound />;
  if (isError && !d) return <DeviceUnavailable error={error} onRetry={() => void refetch()} />;
  if (!d) return <Card loading />;
  return (
    <Suspense fallback={<Card loading />}>
      <DeviceDetailView device={d} dataUpdatedAt={dataUpdatedAt} refetch={refetch} />
    </Suspense>
  );
}
