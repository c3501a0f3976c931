import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import {
  PROBLEM_STATUSES,
  problemAnswerBody,
  type ProblemQuery,
  type ProblemRow,
  type ProblemStatus,
  type ProductRow,
} from '@pv/contract';
import {
  Button,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export-button';
import { ListToolbar } from '@/components/list-page';
import { ConfirmAction, DeleteAction, IconAction } from '@/components/row-actions';
import { ZonedTime } from '@/components/zoned-time';
import { useHasPerm } from '@/lib/access';
import { useListPage } from '@/lib/use-list-page';
import { useAnswerProblem } from '@/features/product/api/answer-problem';
import { useCloseProblem } from '@/features/product/api/close-problem';
import { useDeleteProblem } from '@/features/product/api/delete-problem';
import { useProblems } from '@/features/product/api/get-problems';
import { ProblemFormModal } from '@/features/product/components/problem-form-modal';
import { ProblemPicture } from '@/features/product/components/problem-picture';
import { useFeedback } from '@/lib/feedback';

const STATUS_COLOR: Record<ProblemStatus, string> = { open: 'orange', answered: 'blue', closed: 'default' };

/** Problems reported against products: open → answered (optionally as an FAQ) → closed. */
export function ProblemList({ products }: { products: ProductRow[] }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const can = useHasPerm();
  const list = useListPage<ProblemQuery, object>({ totalKey: 'helpCenter.problems.total' });
  const { data, isFetching } = useProblems(list.query);
  const answer = useAnswerProblem();
  const close = useCloseProblem();
  const remove = useDeleteProblem();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<ProblemRow | null>(null);
  const [form] = Form.useForm<{ answer: string; toFaq: boolean }>();

  const columns = [
    {
      title: t('helpCenter.content.title'),
      dataIndex: 'title',
      ellipsis: true,
      render: (v: string, r: ProblemRow) => (
        <a
          onClick={() => {
            setOpen(r);
            form.setFieldsValue({ answer: r.answer ?? '', toFaq: false });
          }}
          data-testid={`problem-open-${r.id}`}
        >
          {v}
        </a>
      ),
    },
    { title: t('helpCenter.problems.product'), dataIndex: 'productName', width: 200, ellipsis: true },
    {
      title: t('helpCenter.content.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: ProblemStatus, r: ProblemRow) => (
        <Space size={4}>
          <Tag color={STATUS_COLOR[v]} data-testid={`problem-status-${r.id}`}>
            {t(`helpCenter.problems.statuses.${v}`)}
          </Tag>
          {r.faqId && <Tag color="green">{t('helpCenter.problems.faq')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('helpCenter.problems.pictures'),
      key: 'pictures',
      width: 80,
      align: 'right' as const,
      render: (_: unknown, r: ProblemRow) => r.pictures.length,
    },
    {
      title: t('helpCenter.problems.reported'),
      dataIndex: 'createdAt',
      width: 170,
      responsive: ['md' as const],
      render: (v: number, r: ProblemRow) => (
        <>
          <ZonedTime value={v} />
          {r.createdBy && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {r.createdBy}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, r: ProblemRow) => (
        <Space size={2}>
          {r.status !== 'closed' && can('product:update') && (
            <ConfirmAction
              title={t('helpCenter.problems.confirmClose', { title: r.title })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              doneKey="success.update"
              run={() => close.mutateAsync(r.id)}
            >
              <IconAction
                title={t('helpCenter.problems.close')}
                icon={<StopOutlined />}
                testId={`problem-close-${r.id}`}
              />
            </ConfirmAction>
          )}
          <DeleteAction
            perm="product:delete"
            testId={`problem-delete-${r.id}`}
            title={t('helpCenter.problems.confirmDelete', { title: r.title })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            run={() => remove.mutateAsync(r.id)}
          />
        </Space>
      ),
    },
  ];

  const answerable = open !== null && open.status !== 'closed' && can('product:update');
  return (
    <Flex vertical gap={12}>
      <Segmented
        style={{ alignSelf: 'flex-start' }}
        value={list.query.status ?? 'all'}
        onChange={(s) => list.filter({ status: s === 'all' ? undefined : (s as ProblemStatus) })}
        options={[
          { value: 'all', label: t('helpCenter.content.all') },
          ...PROBLEM_STATUSES.map((s) => ({ value: s, label: t(`helpCenter.problems.statuses.${s}`) })),
        ]}
        data-testid="problem-status-filter"
      />
      {/* whoever reads the screen may report a problem (the server asks product:list) */}
      <ListToolbar
        left={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="problem-create">
            {t('helpCenter.problems.create')}
          </Button>
        }
        right={
          <ExportButton
            path="/product-problems/export"
            query={list.query}
            perm="product:export"
            testId="problem-export"
            doneKey="helpCenter.exported"
          />
        }
      />
      <Table<ProblemRow>
        {...list.tableProps(data, isFetching)}
        columns={columns}
        scroll={{ x: 760 }}
        data-testid="problem-table"
      />
      {creating && <ProblemFormModal products={products} onClose={() => setCreating(false)} />}
      <Modal
        open={open !== null}
        title={open?.title}
        onCancel={() => setOpen(null)}
        width={680}
        destroyOnHidden
        footer={
          answerable
            ? [
                <Button key="cancel" onClick={() => setOpen(null)}>
                  {t('common.cancel')}
                </Button>,
                <Button
                  key="ok"
                  type="primary"
                  loading={answer.isPending}
                  onClick={() => form.submit()}
                  data-testid="problem-answer-ok"
                >
                  {t('helpCenter.contact.answer')}
                </Button>,
              ]
            : null
        }
      >
        {open && (
          <>
            <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('helpCenter.problems.product')}>{open.productName}</Descriptions.Item>
              <Descriptions.Item label={t('helpCenter.content.status')}>
                {t(`helpCenter.problems.statuses.${open.status}`)}
              </Descriptions.Item>
              {open.description && (
                <Descriptions.Item label={t('helpCenter.problems.description')}>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                    {open.description}
                  </Typography.Paragraph>
                </Descriptions.Item>
              )}
            </Descriptions>
            {open.pictures.length > 0 && (
              <Flex gap={8} wrap style={{ marginBottom: 12 }}>
                {open.pictures.map((p) => (
                  <ProblemPicture key={p.id} url={p.url} />
                ))}
              </Flex>
            )}
            {answerable ? (
              <Form
                form={form}
                layout="vertical"
                onFinish={async (v) => {
                  await answer.mutateAsync({ id: open.id, body: problemAnswerBody.parse(v) });
                  void message.success(t('success.answer'));
                  setOpen(null);
                }}
              >
                <Form.Item
                  name="answer"
                  label={t('helpCenter.contact.answer')}
                  rules={[{ required: true, whitespace: true, message: t('validation.answerRequired') }, { max: 5000 }]}
                >
                  <Input.TextArea rows={5} maxLength={5000} data-testid="problem-answer" />
                </Form.Item>
                {open.faqId === null && (
                  <Form.Item name="toFaq" valuePropName="checked" style={{ marginBottom: 0 }}>
                    <Checkbox data-testid="problem-to-faq">{t('helpCenter.problems.toFaq')}</Checkbox>
                  </Form.Item>
                )}
              </Form>
            ) : (
              open.answer && (
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t('helpCenter.contact.answer')}>
                    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                      {open.answer}
                    </Typography.Paragraph>
                  </Descriptions.Item>
                </Descriptions>
              )
            )}
          </>
        )}
      </Modal>
    </Flex>
  );
}
