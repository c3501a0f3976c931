import { CONTACT_STATUSES, type ContactMessageQuery, type ContactMessageRow } from '@pv/contract';
import { Badge, Button, Descriptions, Flex, Form, Input, Modal, Segmented, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export-button';
import { ZonedTime } from '@/components/zoned-time';
import { useHasPerm } from '@/lib/access';
import { useListPage } from '@/lib/use-list-page';
import { useAnswerContactMessage } from '@/features/content/api/answer-contact-message';
import { useContactMessages } from '@/features/content/api/get-contact-messages';
import { useFeedback } from '@/lib/feedback';

/** Messages from the public contact form, newest first; answering mails the sender through the outbox. */
export function ContactMessages() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const can = useHasPerm();
  const list = useListPage<ContactMessageQuery, object>({ totalKey: 'helpCenter.contact.total' });
  const { data, isFetching } = useContactMessages(list.query);
  const answer = useAnswerContactMessage();
  const [open, setOpen] = useState<ContactMessageRow | null>(null);
  const [form] = Form.useForm<{ answer: string }>();

  const columns = [
    {
      title: t('helpCenter.contact.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: number) => <ZonedTime value={v} />,
    },
    {
      title: t('helpCenter.contact.name'),
      dataIndex: 'name',
      width: 160,
      render: (v: string, r: ContactMessageRow) => (
        <>
          {v}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {r.email}
          </Typography.Text>
        </>
      ),
    },
    { title: t('helpCenter.contact.message'), dataIndex: 'message', ellipsis: true },
    {
      title: t('helpCenter.contact.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: ContactMessageRow['status']) => (
        <Badge status={v === 'new' ? 'processing' : 'success'} text={t(`helpCenter.contact.statuses.${v}`)} />
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, r: ContactMessageRow) => (
        <Button
          type="link"
          size="small"
          onClick={() => {
            setOpen(r);
            form.setFieldsValue({ answer: r.answer ?? '' });
          }}
          data-testid={`contact-open-${r.id}`}
        >
          {t(r.status === 'new' && can('content:update') ? 'helpCenter.contact.answer' : 'helpCenter.contact.view')}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} justify="space-between" align="center">
        <Segmented
          value={list.query.status ?? 'all'}
          onChange={(s) => list.filter({ status: s === 'all' ? undefined : (s as ContactMessageRow['status']) })}
          options={[
            { value: 'all', label: t('helpCenter.content.all') },
            ...CONTACT_STATUSES.map((s) => ({ value: s, label: t(`helpCenter.contact.statuses.${s}`) })),
          ]}
        />
        <ExportButton
          path="/contact-messages/export"
          query={list.query}
          perm="content:export"
          testId="contact-export"
          doneKey="helpCenter.exported"
        />
      </Flex>
      <Table<ContactMessageRow>
        {...list.tableProps(data, isFetching)}
        columns={columns}
        scroll={{ x: 700 }}
        data-testid="contact-messages-table"
      />
      <Modal
        open={open !== null}
        title={t('helpCenter.contact.answerTitle', { name: open?.name ?? '' })}
        onCancel={() => setOpen(null)}
        okText={t('helpCenter.contact.send')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !can('content:update'), 'data-testid': 'contact-answer-ok' } as never}
        confirmLoading={answer.isPending}
        onOk={() => form.submit()}
        destroyOnHidden
        width={640}
      >
        {open && (
          <>
            <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('helpCenter.contact.email')}>{open.email}</Descriptions.Item>
              {open.phone && <Descriptions.Item label={t('helpCenter.contact.phone')}>{open.phone}</Descriptions.Item>}
              <Descriptions.Item label={t('helpCenter.contact.message')}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                  {open.message}
                </Typography.Paragraph>
              </Descriptions.Item>
              {open.answeredAt && (
                <Descriptions.Item label={t('helpCenter.contact.answeredAt')}>
                  <ZonedTime value={open.answeredAt} /> · {open.answeredBy}
                </Descriptions.Item>
              )}
            </Descriptions>
            <Form
              form={form}
              layout="vertical"
              onFinish={async ({ answer: text }) => {
                await answer.mutateAsync({ id: open.id, body: { answer: text } });
                void message.success(t('success.answer'));
                setOpen(null);
              }}
            >
              <Form.Item
                name="answer"
                label={t('helpCenter.contact.answer')}
                extra={t('helpCenter.contact.mailNote')}
                rules={[{ required: true, whitespace: true, message: t('validation.answerRequired') }, { max: 5000 }]}
              >
                <Input.TextArea rows={6} maxLength={5000} data-testid="contact-answer" />
              </Form.Item>
            </Form>
          </>
        )}
      </Modal>
    </Flex>
  );
}
