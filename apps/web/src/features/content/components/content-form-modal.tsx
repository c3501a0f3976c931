import {
  CONTENT_MEDIA_TYPES,
  LANGUAGES,
  contentBody,
  type ContentBody,
  type ContentKind,
  type ContentRow,
  type Language,
} from '@pv/contract';
import { Form, Input, InputNumber, Modal, Segmented, Select, Space, Switch, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HtmlContent } from '@/components/html-content';
import { useSaveContent } from '@/features/content/api/save-content';
import { RichTextEditor } from '@/features/content/components/rich-text-editor';
import { useFeedback } from '@/lib/feedback';

interface Values {
  kind: ContentKind;
  lang: Language;
  title: string;
  content: string;
  mediaType: ContentBody['mediaType'];
  sortOrder: number;
  published: boolean;
}

/** Write or edit a content item: title (required), language, order, type, the text, and publish now or keep as a draft. */
export function ContentFormModal({
  kinds,
  record,
  lang,
  onClose,
}: {
  kinds: readonly ContentKind[];
  record?: ContentRow;
  lang: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const save = useSaveContent();
  const [tab, setTab] = useState('edit');
  const content = Form.useWatch('content', form) ?? record?.content ?? '';
  const title = Form.useWatch('title', form) ?? record?.title ?? '';
  const initial: Values = record
    ? {
        kind: record.kind,
        lang: record.lang,
        title: record.title,
        content: record.content,
        mediaType: record.mediaType,
        sortOrder: record.sortOrder,
        published: record.status === 'published',
      }
    : { kind: kinds[0]!, lang, title: '', content: '', mediaType: 'picture', sortOrder: 0, published: false };

  const onFinish = async (v: Values) => {
    // a field not shown (the page of a one-page screen) is not in `v`: its initial value stands
    const body = contentBody.parse({ ...initial, ...v, status: v.published ? 'published' : 'draft' });
    await save.mutateAsync({ id: record?.id, body });
    void message.success(t(record ? 'success.update' : 'success.create'));
    onClose();
  };

  return (
    <Modal
      open
      width={860}
      title={t(record ? 'helpCenter.content.edit' : 'helpCenter.content.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      maskClosable={false}
      okButtonProps={{ 'data-testid': 'content-form-ok' } as never}
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={onFinish} name="content-form">
        <Space wrap size={12} style={{ width: '100%' }}>
          {kinds.length > 1 && (
            <Form.Item name="kind" label={t('helpCenter.content.kind')}>
              <Select
                style={{ width: 160 }}
                options={kinds.map((k) => ({ value: k, label: t(`helpCenter.content.kinds.${k}`) }))}
                data-testid="content-form-kind"
              />
            </Form.Item>
          )}
          <Form.Item name="lang" label={t('helpCenter.content.lang')}>
            <Select
              style={{ width: 130 }}
              options={LANGUAGES.map((l) => ({ value: l, label: t(`helpCenter.langs.${l}`) }))}
              data-testid="content-form-lang"
            />
          </Form.Item>
          <Form.Item name="mediaType" label={t('helpCenter.content.mediaType')}>
            <Segmented
              options={CONTENT_MEDIA_TYPES.map((m) => ({ value: m, label: t(`helpCenter.content.mediaTypes.${m}`) }))}
            />
          </Form.Item>
          <Form.Item name="sortOrder" label={t('helpCenter.content.sortOrder')}>
            <InputNumber min={0} max={9999} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="published" label={t('helpCenter.content.publishNow')} valuePropName="checked">
            <Switch data-testid="content-form-published" />
          </Form.Item>
        </Space>
        <Form.Item
          name="title"
          label={t('helpCenter.content.title')}
          rules={[{ required: true, whitespace: true, message: t('validation.titleRequired') }, { max: 200 }]}
        >
          <Input maxLength={200} data-testid="content-form-title" />
        </Form.Item>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'edit',
              label: t('helpCenter.content.content'),
              forceRender: true,
              children: (
                <Form.Item name="content" noStyle>
                  <RichTextEditor testId="content-form-editor" />
                </Form.Item>
              ),
            },
            {
              key: 'preview',
              label: <span data-testid="content-form-preview">{t('helpCenter.content.preview')}</span>,
              children: (
                <div style={{ minHeight: 200, padding: '0 4px' }} data-testid="content-preview">
                  <h2 style={{ marginTop: 0 }}>{title}</h2>
                  <HtmlContent html={content} />
                </div>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
