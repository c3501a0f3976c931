import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { PlantListQuery, PlantRow, PlantStatus } from '@pv/contract';
import { App, Button, Card, Checkbox, Form, Input, Popconfirm, Space, Table, Tabs, Tooltip, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Access, useHasPerm } from '../../../lib/access';
import { formatNumber, formatTime } from '../../../lib/format';
import { useDeletePlant } from '../api/delete-plant';
import { usePlants } from '../api/get-plants';
import { useSetFavourite } from '../api/set-favourite';
import { formatEnergy, formatPower } from '../components/format';
import { PlantFormModal } from '../components/plant-form-modal';
import { PlantStatusTag } from '../components/plant-status';
import { ExportButton } from '../../../components/export-button';

type Filters = Pick<PlantListQuery, 'name' | 'owner' | 'installer' | 'org'>;
type Tab = 'all' | PlantStatus;

const plantDetailPath = (id: number) => `/power_station/power_station_detail?id=${id}`;

/** /power_station/power_station_list: status tabs, search, favourites, sortable columns, export, CRUD. */
export default function PlantListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = useHasPerm();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<PlantListQuery>({ pageNum: 1, pageSize: 20 });
  const { data, isFetching } = usePlants(query);
  const favourite = useSetFavourite();
  const remove = useDeletePlant();
  const [editing, setEditing] = useState<{ plant?: PlantRow } | null>(null);
  const sortOrderOf = (field: NonNullable<PlantListQuery['sortField']>) => (query.sortField === field ? (query.sortOrder ?? null) : null);
  const sortable = (field: NonNullable<PlantListQuery['sortField']>) => ({ sorter: true, sortOrder: sortOrderOf(field), key: field });
  const dash = (v: string | null | undefined) => v || '—';

  const columns: TableProps<PlantRow>['columns'] = [
    {
      title: <StarOutlined aria-label={t('plant.favourite')} />,
      key: 'favourite',
      width: 44,
      fixed: 'left',
      render: (_: unknown, row) => (
        <Button
          type="text"
          size="small"
          aria-label={t(row.favourite ? 'plant.unstar' : 'plant.star')}
          data-testid={`plant-star-${row.id}`}
          icon={row.favourite ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />}
          onClick={() => favourite.mutate({ id: row.id, favourite: !row.favourite })}
        />
      ),
    },
    {
      title: t('plant.name'),
      dataIndex: 'name',
      fixed: 'left',
      ...sortable('name'),
      render: (name: string, row) => (
        <a onClick={() => void navigate(plantDetailPath(row.id))} data-testid={`plant-link-${row.id}`}>
          {name}
        </a>
      ),
    },
    { title: t('plant.capacity'), dataIndex: 'capacityKw', ...sortable('capacity'), render: (v: number) => `${formatNumber(v, 2)} kWp` },
    { title: t('plant.countryTimeZone'), key: 'tz', render: (_: unknown, row) => `${row.country ? `${row.country} / ` : ''}${row.timeZone}` },
    { title: t('plant.address'), dataIndex: 'address', render: dash, ellipsis: true, width: 180 },
    { title: t('plant.installedAt'), dataIndex: 'installedAt', ...sortable('installedAt'), render: (v: number | null, row) => (v ? formatTime(v, 'YYYY-MM-DD', row.timeZone) : '—') },
    { title: t('plant.dataUpdatedAt'), dataIndex: 'dataUpdatedAt', ...sortable('dataUpdatedAt'), render: (v: number | null, row) => (v ? formatTime(v, undefined, row.timeZone) : '—') },
    { title: t('plant.owner'), dataIndex: 'ownerName', render: dash },
    { title: t('plant.installer'), dataIndex: 'installerName', render: dash },
    { title: t('plant.power'), dataIndex: 'power', ...sortable('power'), render: (v: number) => formatPower(v) },
    { title: t('plant.energyToday'), dataIndex: 'energyToday', ...sortable('energyToday'), render: formatEnergy },
    { title: t('plant.energyMonth'), dataIndex: 'energyMonth', ...sortable('energyMonth'), render: formatEnergy },
    { title: t('plant.energyYear'), dataIndex: 'energyYear', ...sortable('energyYear'), render: formatEnergy },
    { title: t('plant.energyTotal'), dataIndex: 'energyTotal', ...sortable('energyTotal'), render: formatEnergy },
    { title: t('plant.statusLabel'), dataIndex: 'status', ...sortable('status'), render: (s: PlantStatus) => <PlantStatusTag status={s} /> },
  ];
  if (can('plant:update') || can('plant:delete'))
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Access perm="plant:update">
            <Tooltip title={t('common.update')}>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ plant: row })} data-testid={`plant-edit-${row.id}`} aria-label={t('common.update')} />
            </Tooltip>
          </Access>
          <Access perm="plant:delete">
            <Popconfirm
              title={t('plant.confirmDelete', { name: row.name })}
              description={t('plant.confirmDeleteDevices', { count: row.devices })}
              okButtonProps={{ danger: true }}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(row.id);
                  void message.success(t('success.delete'));
                } catch {
                  // shown by the API client
                }
              }}
              onCancel={() => void message.info(t('plant.deleteCancelled'))}
            >
              <Tooltip title={t('common.delete')}>
                <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`plant-delete-${row.id}`} aria-label={t('common.delete')} />
              </Tooltip>
            </Popconfirm>
          </Access>
        </Space>
      ),
    });

  const counts = data?.counts;
  const tab: Tab = query.status ?? 'all';

  return (
    <Card>
      <Form<Filters> form={form} name="plantSearch" layout="inline" onFinish={(f) => setQuery({ ...query, ...f, pageNum: 1 })} style={{ rowGap: 8, marginBottom: 8 }}>
        <Form.Item name="name" label={t('plant.name')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="owner" label={t('plant.owner')}>
          <Input allowClear style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="installer" label={t('plant.installer')}>
          <Input allowClear style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="org" label={t('plant.organisation')}>
          <Input allowClear style={{ width: 130 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
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
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', alignItems: 'center' }}>
        <Tabs
          activeKey={tab}
          onChange={(k) => setQuery({ ...query, status: k === 'all' ? undefined : (k as PlantStatus), pageNum: 1 })}
          items={(['all', 'online', 'offline', 'fault'] as const).map((k) => ({ key: k, label: <span data-testid={`plant-tab-${k}`}>{`${t(k === 'all' ? 'plant.all' : `plant.status.${k}`)} (${counts?.[k] ?? 0})`}</span> }))}
          style={{ marginBottom: 0 }}
        />
        <Space wrap>
          <Checkbox checked={query.favourite === 1} onChange={(e) => setQuery({ ...query, favourite: e.target.checked ? 1 : undefined, pageNum: 1 })} data-testid="plant-favourites-only">
            {t('plant.favouritesOnly')}
          </Checkbox>
          <ExportButton path="/plants/export" query={query} perm="plant:export" testId="plant-export" doneKey="plant.exported" />
          <Access perm="plant:create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="plant-create">
              {t('common.create')}
            </Button>
          </Access>
        </Space>
      </div>
      <Table<PlantRow>
        rowKey="id"
        size="middle"
        loading={isFetching && !data}
        columns={columns}
        dataSource={data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const sortField = s?.order ? (s.columnKey as PlantListQuery['sortField']) : undefined;
          setQuery({ ...query, pageNum: sortField !== query.sortField || (s?.order ?? undefined) !== query.sortOrder ? 1 : (pagination.current ?? 1), pageSize: pagination.pageSize ?? query.pageSize, sortField, sortOrder: s?.order ?? undefined });
        }}
        pagination={{ current: query.pageNum, pageSize: query.pageSize, total: data?.total ?? 0, showSizeChanger: true, showTotal: (total) => t('plant.total', { count: total }) }}
      />
      <PlantFormModal open={editing !== null} plant={editing?.plant} onClose={() => setEditing(null)} />
    </Card>
  );
}
