import { parseUpdateContent, type FirmwareRow } from '@pv/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSetReleaseNotes } from '@/features/firmware/api/set-release-notes';
import { useFeedback } from '@/lib/feedback';

/** A version's release notes in the reader's language, English when it has none. */
export function notesIn(releaseNotes: string | null, lang: string): string | undefined {
  const notes = releaseNotes ? parseUpdateContent(releaseNotes) : undefined;
  return notes?.[lang as 'en'] ?? notes?.en;
}

/** The release-notes text area: per-language JSON, checked as the server checks it ("not in a valid JSON format"). */
export function ReleaseNotesItem({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="releaseNotes"
      label={t('firmware.releaseNotes')}
      extra={t('firmware.releaseNotesHint')}
      rules={[
        {
          validator: (_, v: string | undefined) =>
            !v?.trim() || parseUpdateContent(v) ? Promise.resolve() : Promise.reject(new Error(t('validation.json'))),
        },
      ]}
    >
      <Input.TextArea
        rows={4}
        style={{ fontFamily: 'monospace' }}
        placeholder={'{"en": "What changed", "zh": "更新内容"}'}
        data-testid={testId}
      />
    </Form.Item>
  );
}

const pretty = (releaseNotes: string | null) =>
  releaseNotes ? JSON.stringify(JSON.parse(releaseNotes) as unknown, null, 2) : '';

/** Edits the release notes of one firmware version. */
export function ReleaseNotesModal({ row, onClose }: { row: FirmwareRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const save = useSetReleaseNotes();
  const [form] = Form.useForm<{ releaseNotes: string }>();
  return (
    <Modal
      open
      title={t('firmware.notesTitle', { version: row.version })}
      onOk={() => form.submit()}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
      okButtonProps={{ 'data-testid': 'firmware-notes-ok' } as Record<`data-${string}`, string>}
    >
      <Typography.Paragraph type="secondary">
        {t(`firmware.deviceTypes.${row.deviceType}`, { defaultValue: row.deviceType })} · {row.fileName}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="firmware-notes-form"
        initialValues={{ releaseNotes: pretty(row.releaseNotes) }}
        onFinish={async (v) => {
          await save.mutateAsync({ id: row.id, releaseNotes: v.releaseNotes ?? '' });
          void message.success(t('success.update'));
          onClose();
        }}
      >
        <ReleaseNotesItem testId="firmware-notes-input" />
      </Form>
    </Modal>
  );
}
