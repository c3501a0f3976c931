import { MAIL_STATUSES, type MailOutboxQuery, type MailRow, type MailStatus } from '@pv/contract';
import {
  Alert,
  Badge,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Form,
  Pagination,
  Select,
  Skeleton,
  Spin,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchForm, TextFilter } from '@/components/list-page';
import { usePhone } from '@/lib/use-phone';
import { ZonedTime } from '@/components/zoned-time';
import { useListPage } from '@/lib/use-list-page';
import { useMail } from '@/features/system/api/get-mail';
import { useMailOutbox } from '@/features/system/api/get-mail-outbox';

const STATUS_BADGE: Record<MailStatus, 'processing' | 'success' | 'error' | 'default'> = {
  queued: 'processing',
  sent: 'success',
  failed: 'error',
  stored: 'default',
};

function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation();
  return <Badge status={STATUS_BADGE[status]} text={t(`notification.outbox.statuses.${status}`)} />;
}

type Filters = Pick<MailOutboxQuery, 'status' | 'to'>;

/** /systems/mail_outbox: every mail the platform sent, is trying to send, or keeps (no SMTP server configured). */
export default function MailOutboxPage() {
  const { t } = useTranslation();
  const list = useListPage<MailOutboxQuery, Filters>({ totalKey: 'notification.outbox.total' });
  const { data, isFetching } = useMailOutbox(list.query);
  const [openId, setOpenId] = useState<number | null>(null);
  const stored = data?.rows.some((r) => r.status === 'stored');
  const phone = usePhone();
  const columns = [
    {
      title: t('notification.outbox.createdAt'),
      dataIndex: 'createdAt',
      render: (v: number) => <ZonedTime value={v} />,
    },
    { title: t('notification.outbox.to'), dataIndex: 'to' },
    {
      title: t('notification.outbox.subject'),
      dataIndex: 'subject',
      ellipsis: true,
      width: 320,
      render: (v: string, r: MailRow) => (
        <a onClick={() => setOpenId(r.id)} data-testid={`mail-open-${r.id}`} title={v}>
          {v}
        </a>
      ),
    },
    { title: t('notification.outbox.lang'), dataIndex: 'lang', render: (v: string) => v.toUpperCase() },
    {
      title: t('notification.outbox.status'),
      dataIndex: 'status',
      render: (v: MailStatus) => <MailStatusBadge status={v} />,
    },
    { title: t('notification.outbox.attempts'), dataIndex: 'attempts', align: 'right' as const },
    {
      title: t('notification.outbox.sentAt'),
      key: 'when',
      render: (_: unknown, r: MailRow) =>
        r.sentAt ? (
          <ZonedTime value={r.sentAt} />
        ) : r.status === 'queued' && r.nextAttemptAt ? (
          <Typography.Text type="secondary">
            {t('notification.outbox.nextAttemptAt')}: <ZonedTime value={r.nextAttemptAt} format="HH:mm:ss" />
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: t('notification.outbox.lastError'),
      dataIndex: 'lastError',
      ellipsis: true,
      width: 240,
      render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '—'),
    },
  ];
  return (
    <Card>
      <SearchForm list={list} name="mail-filter" searchTestId="mail-search">
        <TextFilter name="to" label={t('notification.outbox.to')} width={200} />
        <Form.Item name="status" label={t('notification.outbox.status')}>
          <Select
            allowClear
            style={{ width: 170 }}
            options={MAIL_STATUSES.map((s) => ({ value: s, label: t(`notification.outbox.statuses.${s}`) }))}
          />
        </Form.Item>
      </SearchForm>
      {stored && (
        <Alert type="info" showIcon message={t('notification.outbox.storedHint')} style={{ marginBottom: 12 }} />
      )}
      {phone ? (
        // a phone: a card per mail, its subject first
        <Spin spinning={isFetching && !data}>
          <Flex vertical gap={8} data-testid="mail-cards">
            {data?.rows.length === 0 && <Empty description={t('notification.outbox.empty')} />}
            {data?.rows.map((r) => (
              <Card key={r.id} size="small">
                <a onClick={() => setOpenId(r.id)} data-testid={`mail-open-${r.id}`} style={{ fontWeight: 500 }}>
                  {r.subject}
                </a>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} ellipsis>
                  {r.to} · {r.lang.toUpperCase()}
                </Typography.Text>
                <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 4, fontSize: 12 }}>
                  <MailStatusBadge status={r.status} />
                  <ZonedTime value={r.sentAt ?? r.createdAt} format="MM-DD HH:mm" />
                </Flex>
                {r.lastError && (
                  <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }} ellipsis>
                    {r.lastError}
                  </Typography.Text>
                )}
              </Card>
            ))}
          </Flex>
          <Pagination
            size="small"
            align="center"
            simple
            style={{ marginTop: 12 }}
            current={list.query.pageNum}
            pageSize={list.query.pageSize}
            total={data?.total ?? 0}
            onChange={(pageNum, pageSize) => list.setQuery((q) => ({ ...q, pageNum, pageSize }))}
          />
        </Spin>
      ) : (
        <Table<MailRow>
          {...list.tableProps(data, isFetching)}
          columns={columns}
          locale={{ emptyText: data ? t('notification.outbox.empty') : ' ' }}
          data-testid="mail-table"
        />
      )}
      <MailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}

function MailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useMail(id);
  const mail = data && data.id === id ? data : undefined;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width="min(720px, 100vw)"
      title={id ? t('notification.outbox.detailTitle', { id }) : ''}
      destroyOnHidden
      data-testid="mail-drawer"
    >
      {!mail ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            size="small"
            bordered
            column={1}
            styles={{ label: { width: 140 } }}
            items={[
              { key: 'to', label: t('notification.outbox.to'), children: mail.to },
              { key: 'subject', label: t('notification.outbox.subject'), children: mail.subject },
              {
                key: 'status',
                label: t('notification.outbox.status'),
                children: <MailStatusBadge status={mail.status} />,
              },
              { key: 'attempts', label: t('notification.outbox.attempts'), children: mail.attempts },
              {
                key: 'createdAt',
                label: t('notification.outbox.createdAt'),
                children: <ZonedTime value={mail.createdAt} />,
              },
              { key: 'sentAt', label: t('notification.outbox.sentAt'), children: <ZonedTime value={mail.sentAt} /> },
              {
                key: 'template',
                label: t('notification.outbox.template'),
                children: t(`notification.outbox.templates.${mail.template}`, { defaultValue: mail.template }),
              },
              ...(mail.lastError
                ? [
                    {
                      key: 'error',
                      label: t('notification.outbox.lastError'),
                      children: <Typography.Text type="danger">{mail.lastError}</Typography.Text>,
                    },
                  ]
                : []),
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('notification.outbox.body')}
          </Typography.Title>
          {mail.html ? (
            // the mail as the recipient sees it, in a sandbox: no script runs, no link opens here
            <iframe
              title={mail.subject}
              sandbox=""
              srcDoc={mail.html}
              style={{ width: '100%', minHeight: 420, border: '1px solid rgba(5,5,5,0.12)', borderRadius: 6 }}
              data-testid="mail-html"
            />
          ) : (
            <pre style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }} data-testid="mail-text">
              {mail.text}
            </pre>
          )}
        </>
      )}
    </Drawer>
  );
}
