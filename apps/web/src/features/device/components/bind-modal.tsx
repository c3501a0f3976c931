import type { DeviceRow } from '@pv/contract';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBindDevice } from '@/features/device/api/bind-device';
import { PlantSelect } from './plant-select';
import { useFeedback } from '@/lib/feedback';

/** Binds a device (and its sub devices) to a plant. */
export function BindModal({ device, onClose }: { device: DeviceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ plantId: number }>();
  const bind = useBindDevice();
  const submit = async () => {
    // an invalid form shows its messages; nothing is sent
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const { plantId } = values;
    try {
      await bind.mutateAsync({ id: device!.id, plantId });
      void message.success(t('success.setting'));
      onClose();
    } catch {
      // shown by the API client
    }
  };
  return (
    <Modal
      open={!!device}
      title={t('device.bindTitle', { sn: device?.sn ?? '' })}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={bind.isPending}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form
        form={form}
        name="bind-form"
        layout="vertical"
        preserve={false}
        initialValues={{ plantId: device?.plantId ?? undefined }}
      >
        <Form.Item
          name="plantId"
          label={t('device.plant')}
          rules={[{ required: true, message: t('device.required', { field: t('device.plant') }) }]}
        >
          <PlantSelect currentName={device?.plantName} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
