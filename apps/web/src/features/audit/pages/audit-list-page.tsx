import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, type AuditAction, type AuditListQuery, type AuditRow } from '@pv/contract';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { useAudit } from '../api/get-audit';
import { useAuditEntities } from '../api/get-audit-entities';
import { ExportButton } from '../../../components/export-button';

interface Filters {
  user?: string;
  action?: AuditAction;
  entity?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const COLORS: Record<AuditAction, string> = { create: 'green', update: 'blue', delete: 'red', grant: 'purple', login: 'cyan', loginFailed: 'orange', logout: 'default' };

/** /auth/audit: who did what to which record and when (ROOT administrators), filtered and paged by the server. */
export default function AuditListPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<AuditListQuery>({ pageNum: 1, pageSize: 20 });
  const { data, isFetching, refetch } = useAudit(query);
  const { data: entities } = useAuditEntities();
  const apply = ({ range, ...f }: Filters) =>
    setQuery({
      pageNum: 1,
      pageSize: query.pageSize,
      user: f.user || undefined,
      action: f.action,
      entity: f.entity,
      from: range?.[0] ? range[0].startOf('day').valueOf() : undefined,
      to: range?.[1] ? range[1].endOf('day').valueOf() : undefined,
    });

  const entityLabel = (e: string) => t(`audit.entities.${e}`, { defaultValue: e });
  const columns = [
    { title: t('audit.at'), dataIndex: 'at', width: 170, render: (v: number) => formatTime(v) },
    { title: t('audit.user'), dataIndex: 'loginName', render: (v: string | null, row: AuditRow) => (v ? <span title={row.orgName ?? undefined}>{v}</span> : t('common.none')) },
    { title: t('audit.action'), dataIndex: 'action', render: (a: AuditAction) => <Tag color={COLORS[a]}>{t(`audit.actions.${a}`)}</Tag> },
    { title: t('audit.entity'), dataIndex: 'entity', render: entityLabel },
    { title: t('audit.recordId'), dataIndex: 'recordId', render: (v: string | null) => v ?? t('common.none'), responsive: ['md' as const] },
    {
      title: t('audit.summary'),
      dataIndex: 'summary',
      render: (v: string, row: AuditRow) => (
        <Typography.Text ellipsis={{ tooltip: `${row.method} ${row.route}${v ? ` · ${v}` : ''}` }} style={{ maxWidth: 360 }}>
          {v || `${row.method} ${row.route}`}
        </Typography.Text>
      ),
    },
    { title: t('audit.org'), dataIndex: 'orgName', render: (v: string | null) => v ?? t('common.none'), responsive: ['xl' as const] },
    { title: t('audit.ip'), dataIndex: 'ip', responsive: ['lg' as const] },
  ];

  return (
    <Card>
      <Form<Filters> form={form} layout="inline" onFinish={apply} style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item name="user" label={t('audit.user')}>
          <Input allowClear style={{ width: 140 }} data-testid="audit-user" />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Select allowClear style={{ width: 140 }} options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))} data-testid="audit-action" />
        </Form.Item>
        <Form.Item name="entity" label={t('audit.entity')}>
          <Select allowClear showSearch style={{ width: 160 }} options={(entities ?? []).map((e) => ({ value: e, label: entityLabel(e) }))} data-testid="audit-entity" />
        </Form.Item>
        <Form.Item name="range" label={t('audit.range')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="audit-search">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setQuery({ pageNum: 1, pageSize: query.pageSize });
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end', marginBottom: 12 }}>
        <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching}>
          {t('org.refresh')}
        </Button>
        <ExportButton path="/audit/export" query={query} perm="audit:export" testId="audit-export" doneKey="audit.exported" />
      </div>
      <Table<AuditRow>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('audit.total', { count: total }),
          onChange: (pageNum, pageSize) => setQuery({ ...query, pageNum, pageSize }),
        }}
      />
    </Card>
  );
}
