import { DeleteOutlined } from '@ant-design/icons';
import { parseUpdateContent, releaseBody, type ReleaseBody } from '@pv/contract';
import { Button, Form, Input, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction, IconAction } from '@/components/row-actions';
import { ZonedTime } from '@/components/zoned-time';
import { useHasPerm } from '@/lib/access';
import { useCreateRelease } from '@/features/product/api/create-release';
import { useDeleteRelease } from '@/features/product/api/delete-release';
import { useReleases } from '@/features/product/api/get-releases';
import { useFeedback } from '@/lib/feedback';

const EXAMPLE = '{\n  "en": "What changed",\n  "zh": "更新内容"\n}';

/** A product's release notes: the update content of each version as per-language JSON (spec §5). */
export function ReleaseNotes({ productId }: { productId: number }) {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const can = useHasPerm();
  const { data, isPending } = useReleases(productId);
  const create = useCreateRelease();
  const remove = useDeleteRelease();
  const [form] = Form.useForm<ReleaseBody>();
  return (
    <>
      {can('product:update') && (
        <Form
          form={form}
          layout="vertical"
          name="release-form"
          initialValues={{ version: '', content: EXAMPLE }}
          onFinish={async (v) => {
            await create.mutateAsync({ productId, body: releaseBody.parse(v) });
            void message.success(t('success.create'));
            form.resetFields();
          }}
        >
          <Form.Item
            name="version"
            label={t('helpCenter.products.version')}
            rules={[{ required: true, pattern: /^[A-Za-z0-9._-]{1,32}$/, message: t('validation.version') }]}
          >
            <Input style={{ maxWidth: 200 }} placeholder="V1.2.0" data-testid="release-version" />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('helpCenter.products.updateContent')}
            extra={t('helpCenter.products.updateContentHint')}
            rules={[
              {
                validator: (_, v: string) =>
                  parseUpdateContent(v ?? '') ? Promise.resolve() : Promise.reject(new Error(t('validation.json'))),
              },
            ]}
          >
            <Input.TextArea rows={5} style={{ fontFamily: 'monospace' }} data-testid="release-content" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="release-save">
            {t('helpCenter.products.addRelease')}
          </Button>
        </Form>
      )}
      <List
        style={{ marginTop: 16 }}
        loading={isPending}
        dataSource={data ?? []}
        data-testid="release-list"
        renderItem={(r) => {
          const notes = parseUpdateContent(r.content);
          return (
            <List.Item
              key={r.id}
              actions={[
                can('product:update') && (
                  <ConfirmAction
                    key="del"
                    title={t('helpCenter.products.confirmDeleteRelease', { version: r.version })}
                    okText={t('common.confirm')}
                    cancelText={t('common.cancel')}
                    okButtonProps={{ danger: true }}
                    run={() => remove.mutateAsync(r.id)}
                  >
                    <IconAction
                      title={t('common.delete')}
                      icon={<DeleteOutlined />}
                      danger
                      testId={`release-delete-${r.id}`}
                    />
                  </ConfirmAction>
                ),
              ]}
            >
              <List.Item.Meta
                title={
                  <>
                    <Typography.Text strong>{r.version}</Typography.Text>{' '}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      <ZonedTime value={r.createdAt} />
                    </Typography.Text>
                  </>
                }
                description={notes?.[i18n.language as 'en'] ?? notes?.en}
              />
            </List.Item>
          );
        }}
      />
    </>
  );
}
