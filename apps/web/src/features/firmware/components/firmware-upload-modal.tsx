import { InboxOutlined } from '@ant-design/icons';
import { DEVICE_TYPES, firmwareUploadFields, type FirmwareUploadFields } from '@pv/contract';
import { Form, Input, Modal, Progress, Select, Typography, Upload, type FormRule, type UploadFile } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/format';
import { zodRule } from '@/lib/form-rules';
import { useFirmwareLimits } from '@/features/firmware/api/get-firmware-limits';
import { useUploadFirmware } from '@/features/firmware/api/upload-firmware';
import { ReleaseNotesItem } from '@/features/firmware/components/release-notes-field';
import { useFeedback } from '@/lib/feedback';

const shape = firmwareUploadFields.shape;

type Values = FirmwareUploadFields & { file?: UploadFile[] };

/**
 * Upload of a firmware version: version, device type, description and the file, checked with the
 * contract's rules and against the server's size limit before anything is sent, with a progress
 * bar while the bytes go out. Closing the dialog during the upload cancels it.
 */
export function FirmwareUploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const limits = useFirmwareLimits(open);
  const upload = useUploadFirmware();
  // percent sent while uploading; `failed` keeps the bar where the server refused the file
  const [progress, setProgress] = useState<{ percent: number; failed?: boolean } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const maxBytes = limits.data?.maxBytes;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setProgress(null);
  }, [open, form]);

  const close = () => {
    abort.current?.abort();
    abort.current = null;
    onClose();
  };

  const required = (field: string): FormRule => ({
    required: true,
    message: t('validation.required', { field: t(field) }),
  });
  const fileRule: FormRule = {
    validator: async (_r, list: UploadFile[] | undefined) => {
      const file = list?.[0];
      if (!file) throw new Error(t('validation.fileRequired'));
      if (!file.size) throw new Error(t('firmware.emptyFile'));
      if (maxBytes !== undefined && file.size > maxBytes)
        throw new Error(t('firmware.tooLarge', { max: formatBytes(maxBytes) }));
    },
  };

  const submit = async (v: Values) => {
    const file = v.file?.[0]?.originFileObj;
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ percent: 0 });
    try {
      await upload.mutateAsync({
        fields: {
          version: v.version.trim(),
          deviceType: v.deviceType,
          description: v.description?.trim() || undefined,
          releaseNotes: v.releaseNotes?.trim() || undefined,
        },
        file,
        signal: controller.signal,
        onProgress: (percent) => setProgress({ percent }),
      });
      void message.success(t('firmware.uploaded', { version: v.version.trim() }));
      abort.current = null;
      onClose();
    } catch {
      // the API client has shown the server's reason (409 version taken, 413 too large…);
      // the dialog stays open with what was chosen
      if (!controller.signal.aborted) setProgress((p) => ({ percent: p?.percent ?? 0, failed: true }));
    }
  };

  const uploading = upload.isPending;
  return (
    <Modal
      open={open}
      title={t('firmware.uploadTitle')}
      onOk={() => form.submit()}
      onCancel={close}
      okText={t('firmware.upload')}
      cancelText={t('common.cancel')}
      confirmLoading={uploading}
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
      okButtonProps={{ 'data-testid': 'firmware-upload-ok' } as Record<`data-${string}`, string>}
    >
      <Form<Values>
        form={form}
        name="firmware-form"
        layout="vertical"
        onFinish={submit}
        preserve={false}
        disabled={uploading}
        data-testid="firmware-form"
      >
        <Form.Item
          validateFirst
          name="version"
          label={t('firmware.version')}
          extra={t('firmware.versionHint')}
          rules={[required('firmware.version'), zodRule(shape.version, 'validation.version')]}
        >
          <Input maxLength={32} placeholder="V2.1.0" data-testid="firmware-form-version" />
        </Form.Item>
        <Form.Item name="deviceType" label={t('firmware.deviceType')} rules={[required('firmware.deviceType')]}>
          <Select
            options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`firmware.deviceTypes.${v}`) }))}
            data-testid="firmware-form-type"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('firmware.description')}
          rules={[zodRule(shape.description, 'validation.invalid', { field: t('firmware.description') })]}
        >
          <Input.TextArea rows={3} maxLength={512} showCount data-testid="firmware-form-description" />
        </Form.Item>
        <ReleaseNotesItem testId="firmware-form-notes" />
        <Form.Item
          name="file"
          required
          label={t('firmware.file')}
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
          rules={[fileRule]}
          extra={maxBytes !== undefined ? t('firmware.fileHint', { max: formatBytes(maxBytes) }) : undefined}
        >
          <Upload.Dragger beforeUpload={() => false} maxCount={1} data-testid="firmware-form-file">
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <Typography.Text>{t('firmware.drop')}</Typography.Text>
          </Upload.Dragger>
        </Form.Item>
      </Form>
      {progress && (
        <Progress
          data-testid="firmware-upload-progress"
          percent={progress.percent}
          status={progress.failed ? 'exception' : progress.percent >= 100 ? 'success' : 'active'}
          aria-label={t('firmware.progress')}
        />
      )}
    </Modal>
  );
}
