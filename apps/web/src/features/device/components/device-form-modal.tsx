import { DEVICE_TYPES, deviceCreateBody, isSubDeviceType, type DeviceCreateBody, type DeviceRow } from '@pv/contract';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { filledRule, zodRule } from '@/lib/form-rules';
import { useCreateDevice, type DeviceKey } from '@/features/device/api/create-device';
import { useProducts } from '@/features/device/api/get-products';
import { useUpdateDevice } from '@/features/device/api/update-device';
import { CollectorSelect } from './collector-select';
import { PlantSelect } from './plant-select';
import { useFeedback } from '@/lib/feedback';

const COMM_MODES = ['mqtt', 'http', '4g', 'wifi', 'rs485'] as const;
const shape = deviceCreateBody.shape;
// the MAC is optional: empty, or in the contract's format
const macRule = zodRule(z.union([z.literal(''), shape.mac]), 'validation.mac');

/** Create (answers the new key) or edit a device; the fields are checked with the contract's rules. */
export function DeviceFormModal({
  open,
  device,
  onClose,
  onCreated,
}: {
  open: boolean;
  device: DeviceRow | null;
  onClose: () => void;
  onCreated: (key: DeviceKey) => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<DeviceCreateBody>();
  const products = useProducts(open);
  const create = useCreateDevice();
  const update = useUpdateDevice();
  const editing = !!device;
  const type = Form.useWatch('type', form);
  const parentSn = Form.useWatch('parentSn', form);
  // only inverters, batteries and meters report through a collector; a sub device follows its
  // collector's plant and communicates through it, so those two fields go while one is chosen
  const canHaveParent = isSubDeviceType(type);
  const isSub = canHaveParent && !!parentSn;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (device)
      form.setFieldsValue({
        sn: device.sn,
        name: device.name,
        type: device.type,
        productId: device.productId,
        plantId: device.plantId,
        mac: device.mac,
        commMode: (COMM_MODES as readonly string[]).includes(device.commMode)
          ? (device.commMode as DeviceCreateBody['commMode'])
          : 'mqtt',
        parentSn: device.parentSn,
      });
  }, [open, device, form]);

  const submit = async () => {
    // an invalid form shows its messages; nothing is sent
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    const sub = isSubDeviceType(v.type) && !!v.parentSn;
    const body = {
      ...v,
      mac: v.mac || null,
      productId: v.productId ?? null,
      plantId: sub ? undefined : (v.plantId ?? null),
      commMode: sub ? undefined : v.commMode,
      parentSn: sub ? v.parentSn : null,
    };
    try {
      if (device) {
        const { sn: _sn, type: _type, ...rest } = body;
        await update.mutateAsync({ id: device.id, body: rest });
        void message.success(t('success.update'));
      } else {
        const created = await create.mutateAsync({ ...body, commMode: body.commMode ?? 'mqtt' });
        if (created.deviceKey) {
          void message.success(t('success.create'));
          onCreated({ id: created.id, sn: created.sn, deviceKey: created.deviceKey });
        } else void message.success(t('device.subCreated', { sn: created.sn, parent: created.parentSn ?? '' }));
      }
      onClose();
    } catch {
      // the API client has shown why; the dialog stays open with what was typed
    }
  };

  return (
    <Modal
      open={open}
      title={t(editing ? 'device.editTitle' : 'device.createTitle')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      mask={{ closable: false }}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'device-form-ok' } as Record<`data-${string}`, string>}
    >
      <Form form={form} name="device-form" layout="vertical" initialValues={{ commMode: 'mqtt' }} preserve={false}>
        <Form.Item
          name="sn"
          label={t('device.sn')}
          rules={[
            { required: true, message: t('device.required', { field: t('device.sn') }) },
            filledRule(shape.sn, 'validation.identifier'),
          ]}
        >
          <Input disabled={editing} maxLength={64} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('device.name')}
          rules={[
            { required: true, message: t('device.required', { field: t('device.name') }) },
            filledRule(shape.name, 'validation.invalid', { field: t('device.name') }),
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="type"
          label={t('device.type')}
          rules={[{ required: true, message: t('device.required', { field: t('device.type') }) }]}
        >
          <Select
            disabled={editing}
            options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`device.types.${v}`) }))}
            data-testid="device-form-type"
          />
        </Form.Item>
        <Form.Item name="productId" label={t('device.product')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={products.isFetching}
            options={(products.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        {canHaveParent && (
          <Form.Item name="parentSn" label={t('device.collector')} extra={t('device.collectorHelp')}>
            <CollectorSelect />
          </Form.Item>
        )}
        {isSub ? (
          <Alert
            type="info"
            showIcon
            title={t('device.subFollows', { sn: parentSn })}
            style={{ marginBottom: 16 }}
            data-testid="device-sub-note"
          />
        ) : (
          <Form.Item name="plantId" label={t('device.plant')}>
            <PlantSelect currentName={device?.plantName} />
          </Form.Item>
        )}
        <Form.Item name="mac" label="MAC" rules={[macRule]}>
          <Input placeholder="00:1A:2B:3C:4D:5E" />
        </Form.Item>
        {!isSub && (
          <Form.Item name="commMode" label={t('device.commMode')}>
            <Select options={COMM_MODES.map((v) => ({ value: v, label: t(`device.comm.${v}`) }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
