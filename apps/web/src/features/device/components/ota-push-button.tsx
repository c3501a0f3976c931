import { CloudUploadOutlined } from '@ant-design/icons';
import type { DeviceRow } from '@pv/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed, OnceOpened } from '@/components/lazy-modal';
import { useCapabilities } from '@/features/device/api/get-capabilities';

// the dialog (its form, firmware list and antd's Modal) loads when first opened
const OtaPushModal = lazyNamed(() => import('@/features/device/components/ota-push-modal'), 'OtaPushModal');

/** The page header's OTA button, for a device that takes upgrades and a user who may push them. */
export function OtaPushButton({ device }: { device: DeviceRow }) {
  const { t } = useTranslation();
  const { data } = useCapabilities(device.id);
  const [open, setOpen] = useState(false);
  if (!data?.canOta || !data.capabilities.ota) return null;
  return (
    <>
      <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setOpen(true)} data-testid="ota-open">
        {t('device.ota.push')}
      </Button>
      <OnceOpened open={open}>
        <OtaPushModal device={device} open={open} onClose={() => setOpen(false)} />
      </OnceOpened>
    </>
  );
}
