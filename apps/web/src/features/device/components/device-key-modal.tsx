import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceKey } from '@/features/device/api/create-device';

/** The device key, shown once after create or rotate: the server keeps only its hash. */
export function DeviceKeyModal({ value, onClose }: { value: DeviceKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!value}
      title={t('device.keyTitle', { sn: value?.sn ?? '' })}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('device.keyOnce')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph
        copyable={{ text: value?.deviceKey ?? '' }}
        code
        data-testid="device-key"
        style={{ wordBreak: 'break-all' }}
      >
        {value?.deviceKey}
      </Typography.Paragraph>
    </Modal>
  );
}
