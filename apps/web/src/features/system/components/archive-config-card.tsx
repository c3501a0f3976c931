import { SaveOutlined } from '@ant-design/icons';
import { ARCHIVE_MEDIA, FILING_RATES, RETENTION_DAYS, type ArchiveConfigBody } from '@pv/contract';
import { Button, Card, Descriptions, Form, InputNumber, Select, Skeleton, type FormRule } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPerm } from '@/lib/access';
import { ZonedTime } from '@/components/zoned-time';
import { useArchiveConfig } from '@/features/system/api/get-archive-config';
import { useUpdateArchiveConfig } from '@/features/system/api/update-archive-config';
import { useFeedback } from '@/lib/feedback';

/**
 * The archive configuration (spec §3): raw samples older than the retention are pruned by the
 * scheduled job, rollups stay. The last filing time and what it removed are the job's, read only.
 */
export function ArchiveConfigCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const canEdit = useHasPerm()('mqtt:update');
  const [form] = Form.useForm<ArchiveConfigBody>();
  const { data } = useArchiveConfig();
  const update = useUpdateArchiveConfig();

  useEffect(() => {
    if (data)
      form.setFieldsValue({
        filingRate: data.filingRate,
        storageMedium: data.storageMedium,
        retentionDays: data.retentionDays,
      });
  }, [data, form]);

  const required = (field: string): FormRule => ({
    required: true,
    message: t('validation.required', { field: t(field) }),
  });

  const submit = async (v: ArchiveConfigBody) => {
    try {
      await update.mutateAsync(v);
      void message.success(t('success.setting'));
    } catch {
      // shown by the API client
    }
  };

  return (
    <Card title={t('system.archive.title')} data-testid="archive-card">
      {!data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('system.archive.lastFiledAt')}>
              <span data-testid="archive-last-filed">
                {data.lastFiledAt ? <ZonedTime value={data.lastFiledAt} /> : t('system.archive.never')}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('system.archive.lastPruned')}>
              {t('system.archive.samples', { count: data.lastPruned })}
            </Descriptions.Item>
          </Descriptions>
          <Form<ArchiveConfigBody>
            form={form}
            name="archive-form"
            layout="vertical"
            onFinish={submit}
            disabled={!canEdit}
            data-testid="archive-form"
          >
            <div
              style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', columnGap: 16 }}
            >
              <Form.Item
                name="filingRate"
                label={t('system.archive.filingRate')}
                rules={[required('system.archive.filingRate')]}
              >
                <Select
                  options={FILING_RATES.map((v) => ({ value: v, label: t(`system.archive.rates.${v}`) }))}
                  data-testid="archive-rate"
                />
              </Form.Item>
              <Form.Item
                name="storageMedium"
                label={t('system.archive.storageMedium')}
                rules={[required('system.archive.storageMedium')]}
              >
                <Select
                  options={ARCHIVE_MEDIA.map((v) => ({ value: v, label: t(`system.archive.media.${v}`) }))}
                  data-testid="archive-medium"
                />
              </Form.Item>
              <Form.Item
                validateFirst
                name="retentionDays"
                label={t('system.archive.retentionDays')}
                extra={t('system.archive.retentionHint')}
                rules={[
                  required('system.archive.retentionDays'),
                  // the contract's limits (system-constants.ts): its schema would bring zod to the page
                  { type: 'integer', ...RETENTION_DAYS, message: t('validation.retention') },
                ]}
              >
                <InputNumber
                  precision={0}
                  style={{ width: '100%' }}
                  suffix={t('system.archive.days')}
                  data-testid="archive-retention"
                />
              </Form.Item>
            </div>
            {canEdit && (
              <Button
                type="primary"
                htmlType="submit"
                icon={<SaveOutlined />}
                loading={update.isPending}
                data-testid="archive-save"
              >
                {t('common.save')}
              </Button>
            )}
          </Form>
        </>
      )}
    </Card>
  );
}
