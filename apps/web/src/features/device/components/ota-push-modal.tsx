import { DEVICE_TYPES, flattenRoutes, otaPushBody, type DeviceRow, type OtaPushBody } from '@pv/contract';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { filledRule } from '@/lib/form-rules';
import { useSession } from '@/stores/session';
import { useFirmwareOptions } from '@/api/firmware';
import { usePushOta } from '@/features/device/api/push-ota';
import { deviceNamed } from './control-rules';
import { useFeedback } from '@/lib/feedback';

const shape = otaPushBody.shape;
/** The firmware page, from the contract's route table. */
const FIRMWARE_PAGE = flattenRoutes().find((r) => r.name === 'cmd')!.fullPath;

/** What to do when no firmware fits the device type: upload one, on the firmware page if the user may open it. */
function NoFirmware({ type, onLeave }: { type: string; onLeave: () => void }) {
  const { t, i18n } = useTranslation();
  const mayOpen = useSession((s) => s.info?.routerPaths.includes(FIRMWARE_PAGE) ?? false);
  return (
    <Typography.Text type="secondary" data-testid="ota-no-firmware">
      {t('device.ota.noFirmware', {
        type: t(`firmware.deviceTypes.${type}`, { defaultValue: type }).toLocaleLowerCase(i18n.language),
      })}{' '}
      {mayOpen ? (
        // the form closes as the page goes, or it would stay open over the firmware page
        <Link to={FIRMWARE_PAGE} onClick={onLeave} data-testid="ota-firmware-link">
          {t('device.ota.openFirmware')}
        </Link>
      ) : (
        t('device.ota.askForFirmware')
      )}
    </Typography.Text>
  );
}

/**
 * OTA push (spec §5: device type, order, file, version, SN, sub SN and old sub SN are required),
 * filled from the device (its type, SN, sub SN as the old one too, current version shown) and sent
 * only after a confirmation naming the device and both versions.
 */
export function OtaPushModal({ device, open, onClose }: { device: DeviceRow; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const [form] = Form.useForm<OtaPushBody>();
  const deviceType = Form.useWatch('deviceType', form);
  const firmware = useFirmwareOptions(deviceType, open);
  const push = usePushOta();
  const required = (field: string) => ({ required: true, message: t('device.required', { field: t(field) }) });
  const files = firmware.data?.rows ?? [];
  const noFirmware = !!deviceType && firmware.isSuccess && files.length === 0;

  // filled once as the form opens: the device page reads the device again as it reports, and that
  // must not overwrite what the user typed
  const { type, sn, parentSn } = device;
  useEffect(() => {
    if (open)
      form.setFieldsValue({
        deviceType: type,
        // a sub device is reached through its collector
        sn: parentSn ?? sn,
        subSn: sn,
        oldSubSn: sn,
      });
  }, [open, type, sn, parentSn, form]);

  const send = async (v: OtaPushBody) => {
    try {
      await push.mutateAsync(v);
      void message.success(t('success.push'));
      onClose();
    } catch {
      // shown by the API client; the form stays open to correct it
    }
  };

  const submit = async () => {
    // an invalid form shows its messages; nothing is sent
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    const target = v.subSn === device.sn ? deviceNamed(t, device) : v.subSn;
    const file = files.find((f) => f.id === v.firmwareId);
    modal.confirm({
      title: device.swVersion
        ? t('device.ota.confirm', { device: target, from: device.swVersion, to: v.version })
        : t('device.ota.confirmNew', { device: target, to: v.version }),
      content: (
        <div data-testid="ota-confirm-details">
          {file && <div>{t('device.ota.confirmFile', { file: file.fileName })}</div>}
          {v.sn !== v.subSn && <div>{t('device.ota.confirmThrough', { sn: v.sn })}</div>}
        </div>
      ),
      okText: t('device.ota.push'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'ota-confirm-ok' },
      cancelButtonProps: { 'data-testid': 'ota-confirm-cancel' },
      onOk: () => send(v),
    });
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
      wrapClassName="ota-push-modal"
      destroyOnHidden
    >
      <Form form={form} name="ota-form" layout="vertical" preserve={false}>
        <Form.Item label={t('device.ota.currentVersion')} layout="horizontal" style={{ marginBottom: 12 }}>
          <Typography.Text data-testid="ota-current-version">
            {device.swVersion ?? t('device.ota.noVersion')}
          </Typography.Text>
        </Form.Item>
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
        <Form.Item
          name="firmwareId"
          label={t('device.ota.file')}
          rules={[required('device.ota.file')]}
          extra={noFirmware && <NoFirmware type={deviceType} onLeave={onClose} />}
        >
          <Select
            loading={firmware.isFetching}
            notFoundContent={deviceType ? <NoFirmware type={deviceType} onLeave={onClose} /> : undefined}
            options={files.map((f) => ({ value: f.id, label: `${f.version} · ${f.fileName}` }))}
            onChange={(id: number) => form.setFieldValue('version', files.find((f) => f.id === id)?.version)}
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
