import { CLIENT_ERROR_KINDS, type ClientErrorKind, type ClientErrorQuery, type ClientErrorRow } from '@pv/contract';
import { Card, Form, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '@/components/export-button';
import { ListToolbar, SearchForm, TextFilter } from '@/components/list-page';
import { ZonedTime } from '@/components/zoned-time';
import { useListPage } from '@/lib/use-list-page';
import { useClientErrors } from '@/features/system/api/get-client-errors';

export const KIND_COLOR: Record<ClientErrorKind, string> = { error: 'red', render: 'volcano', request: 'orange' };

type Filters = Pick<ClientErrorQuery, 'kind' | 'loginName' | 'route'>;

/** /systems/error_log: what the consoles reported (spec §3 error logs), with the browser, user and route. */
export default function ErrorLogPage() {
  const { t } = useTranslation();
  const list = useListPage<ClientErrorQuery, Filters>({ totalKey: 'helpCenter.errorLog.total' });
  const { data, isFetching } = useClientErrors(list.query);
  const columns = [
    { title: t('helpCenter.errorLog.at'), dataIndex: 'at', width: 170, render: (v: number) => <ZonedTime value={v} /> },
    {
      title: t('helpCenter.errorLog.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (v: ClientErrorKind) => <Tag color={KIND_COLOR[v]}>{t(`helpCenter.errorLog.kinds.${v}`)}</Tag>,
    },
    {
      title: t('helpCenter.errorLog.message'),
      dataIndex: 'message',
      ellipsis: true,
      render: (v: string, r: ClientErrorRow) => (
        <Tooltip title={r.stack ? <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.stack}</pre> : v}>
          <Typography.Text>{v}</Typography.Text>
          {r.url && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {r.url}
              {r.status !== undefined && ` → ${r.status}`}
            </Typography.Text>
          )}
        </Tooltip>
      ),
    },
    {
      title: t('helpCenter.errorLog.route'),
      dataIndex: 'route',
      ellipsis: true,
      width: 220,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t('helpCenter.errorLog.user'),
      dataIndex: 'loginName',
      width: 120,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('helpCenter.errorLog.browser'),
      dataIndex: 'browser',
      width: 120,
      responsive: ['md' as const],
      render: (v: string, r: ClientErrorRow) => <Tooltip title={r.userAgent}>{v}</Tooltip>,
    },
  ];
  return (
    <Card title={t('route.errorLog')}>
      <SearchForm<Filters> list={list} name="error-log-filter" searchTestId="error-log-search">
        <Form.Item name="kind" label={t('helpCenter.errorLog.kind')}>
          <Select
            allowClear
            style={{ width: 150 }}
            data-testid="error-log-kind"
            options={CLIENT_ERROR_KINDS.map((k) => ({ value: k, label: t(`helpCenter.errorLog.kinds.${k}`) }))}
          />
        </Form.Item>
        <TextFilter name="loginName" label={t('helpCenter.errorLog.user')} width={150} />
        <TextFilter name="route" label={t('helpCenter.errorLog.route')} width={200} />
      </SearchForm>
      <ListToolbar
        right={
          <ExportButton
            path="/client-errors/export"
            query={list.query}
            perm="errorlog:export"
            testId="error-log-export"
            doneKey="helpCenter.exported"
          />
        }
      />
      <Table<ClientErrorRow>
        {...list.tableProps(data, isFetching)}
        columns={columns}
        scroll={{ x: 900 }}
        data-testid="error-log-table"
      />
    </Card>
  );
}
