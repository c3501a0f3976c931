import { ReloadOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, type AuditAction, type AuditListQuery, type AuditRow } from '@pv/contract';
import { Button, Card, Form, Select, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportButton } from '@/components/export-button';
import { ListToolbar, SearchForm, TextFilter } from '@/components/list-page';
import { RangePicker } from '@/components/date-pickers';
import { ZonedTime } from '@/components/zoned-time';
import { useUserTimeZone, zoneAbbreviation, zoneFullName } from '@/lib/time-zone';
import { useListPage } from '@/lib/use-list-page';
import { useAudit } from '@/features/audit/api/get-audit';
import { useAuditEntities } from '@/features/audit/api/get-audit-entities';

interface Filters {
  user?: string;
  action?: AuditAction;
  entity?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const COLORS: Record<AuditAction, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  grant: 'purple',
  login: 'cyan',
  loginFailed: 'orange',
  logout: 'default',
};

/** /auth/audit: who did what to which record and when (ROOT administrators), filtered and paged by the server. */
export default function AuditListPage() {
  const { t, i18n } = useTranslation();
  // audit times are the user's: the zone chosen in the user center, else the browser's
  const zone = useUserTimeZone();
  // the days picked are days of that zone
  const dayOf = (d: Dayjs) => dayjs.tz(d.format('YYYY-MM-DD'), zone);
  const list = useListPage<AuditListQuery, Filters>({
    totalKey: 'audit.total',
    toQuery: ({ range, ...f }) => ({
      user: f.user,
      action: f.action,
      entity: f.entity,
      from: range?.[0] ? dayOf(range[0]).startOf('day').valueOf() : undefined,
      to: range?.[1] ? dayOf(range[1]).endOf('day').valueOf() : undefined,
    }),
  });
  const { data, isFetching, refetch } = useAudit(list.query);
  const { data: entities } = useAuditEntities();

  const entityLabel = (e: string) => t(`audit.entities.${e}`, { defaultValue: e });
  const columns = [
    {
      title: t('audit.at'),
      dataIndex: 'at',
      width: 220,
      render: (v: number) => <ZonedTime value={v} timeZone={zone} />,
    },
    {
      title: t('audit.user'),
      dataIndex: 'loginName',
      render: (v: string | null, row: AuditRow) =>
        v ? <span title={row.orgName ?? undefined}>{v}</span> : t('common.none'),
    },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      render: (a: AuditAction) => <Tag color={COLORS[a]}>{t(`audit.actions.${a}`)}</Tag>,
    },
    { title: t('audit.entity'), dataIndex: 'entity', render: entityLabel },
    {
      title: t('audit.recordId'),
      dataIndex: 'recordId',
      render: (v: string | null) => v ?? t('common.none'),
      responsive: ['md' as const],
    },
    {
      title: t('audit.summary'),
      dataIndex: 'summary',
      render: (v: string, row: AuditRow) => (
        <Typography.Text
          ellipsis={{ tooltip: `${row.method} ${row.route}${v ? ` · ${v}` : ''}` }}
          style={{ maxWidth: 360 }}
        >
          {v || `${row.method} ${row.route}`}
        </Typography.Text>
      ),
    },
    {
      title: t('audit.org'),
      dataIndex: 'orgName',
      render: (v: string | null) => v ?? t('common.none'),
      responsive: ['xl' as const],
    },
    { title: t('audit.ip'), dataIndex: 'ip', responsive: ['lg' as const] },
  ];

  return (
    <Card>
      <SearchForm list={list} searchTestId="audit-search">
        <TextFilter name="user" label={t('audit.user')} width={140} testId="audit-user" />
        <Form.Item name="action" label={t('audit.action')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))}
            data-testid="audit-action"
          />
        </Form.Item>
        <Form.Item name="entity" label={t('audit.entity')}>
          <Select
            allowClear
            showSearch
            style={{ width: 160 }}
            options={(entities ?? []).map((e) => ({ value: e, label: entityLabel(e) }))}
            data-testid="audit-entity"
          />
        </Form.Item>
        <Form.Item name="range" label={t('audit.range')}>
          <RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
        </Form.Item>
      </SearchForm>
      <ListToolbar
        left={
          <Typography.Text
            type="secondary"
            title={zoneFullName(zone, Date.now(), i18n.language)}
            data-testid="audit-zone"
          >
            {t('time.yourZone', { zone: `${zoneAbbreviation(zone, Date.now(), i18n.language)} · ${zone}` })}{' '}
            {/* underlined: a link inside a sentence is told apart by more than its colour (axe) */}
            <Link to="/userCenter/personalData" style={{ textDecoration: 'underline' }}>
              {t('time.changeZone')}
            </Link>
          </Typography.Text>
        }
        right={
          <>
            <Button icon={<ReloadOutlined />} onClick={() => void refetch()} loading={isFetching}>
              {t('org.refresh')}
            </Button>
            <ExportButton
              path="/audit/export"
              query={list.query}
              perm="audit:export"
              testId="audit-export"
              doneKey="audit.exported"
            />
          </>
        }
      />
      <Table<AuditRow> {...list.tableProps(data, isFetching)} columns={columns} />
    </Card>
  );
}
