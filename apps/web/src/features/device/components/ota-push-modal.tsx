import { DEVICE_TYPES, otaPushBody, type DeviceRow, type OtaPushBody } from '@pv/contract';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { filledRule } from '@/lib/form-rules';
import { useFirmwareOptions } from '@/api/firmware';
import { usePushOta } from '@/features/device/api/push-ota';

const shape = otaPushBody.shape;

/** OTA push (spec §5: device type, order, file, version, SN, sub SN and old sub SN are required). */
export function OtaPushModal({ device, open, onClose }: { device: DeviceRow; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OtaPushBody>();
  const deviceType = Form.useWatch('deviceType', form);
  const firmware = useFirmwareOptions(deviceType, open);
  const push = usePushOta();
  const required = (field: string) => ({ required: true, message: t('device.required', { field: t(field) }) });

  useEffect(() => {
    if (open)
      form.setFieldsValue({
        deviceType: device.type,
        sn: device.parentSn ?? device.sn,
        subSn: device.parentSn ? device.sn : undefined,
      });
  }, [open, device, form]);

  const submit = async () => {
    // an invalid form shows its messages; nothing is sent
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    try {
      await push.mutateAsync(v);
      void message.success(t('success.push'));
      onClose();
    } catch {
      // shown by the API client
    }
  };

  return (
    <Modal
      open={open}
      title={t('device.ota.title', { sn: device.sn })}
      onOk={submit}
      onCancel={onClose}
      okText={t('device.ota.push')}
      confirmLoading={push.isPending}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} name="ota-form" layout="vertical" preserve={false}>
        <Form.Item name="deviceType" label={t('device.ota.deviceType')} rules={[required('device.ota.deviceType')]}>
          <Select
            options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`device.types.${v}`) }))}
            onChange={() => form.setFieldsValue({ firmwareId: undefined, version: undefined })}
          />
        </Form.Item>
        <Form.Item
          name="order"
          label={t('device.ota.order')}
          rules={[required('device.ota.order'), filledRule(shape.order, 'validation.otaOrder')]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="firmwareId" label={t('device.ota.file')} rules={[required('device.ota.file')]}>
          <Select
            loading={firmware.isFetching}
            notFoundContent={t('device.ota.noFirmware')}
            options={(firmware.data?.rows ?? []).map((f) => ({ value: f.id, label: `${f.version} · ${f.fileName}` }))}
            onChange={(id: number) =>
              form.setFieldValue('version', firmware.data?.rows.find((f) => f.id === id)?.version)
            }
            data-testid="ota-firmware"
          />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('device.ota.version')}
          rules={[required('device.ota.version'), filledRule(shape.version, 'validation.version')]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="sn"
          label={t('device.sn')}
          rules={[required('device.sn'), filledRule(shape.sn, 'validation.invalid', { field: t('device.sn') })]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="subSn"
          label={t('device.ota.subSn')}
          rules={[
            required('device.ota.subSn'),
            filledRule(shape.subSn, 'validation.invalid', { field: t('device.ota.subSn') }),
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="oldSubSn"
          label={t('device.ota.oldSubSn')}
          rules={[
            required('device.ota.oldSubSn'),
            filledRule(shape.oldSubSn, 'validation.invalid', { field: t('device.ota.oldSubSn') }),
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
