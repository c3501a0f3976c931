import { EditOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { PlantListQuery, PlantRow, PlantStatus } from '@pv/contract';
import { App, Button, Card, Checkbox, Table, Tabs, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ExportButton } from '@/components/export-button';
import { CreateButton, ListToolbar, SearchForm, TextFilter, actionsColumn } from '@/components/list-page';
import { DeleteAction, IconAction } from '@/components/row-actions';
import { useHasPerm } from '@/lib/access';
import { formatNumber, formatTime } from '@/lib/format';
import { useLivePlants } from '@/lib/live';
import { useListPage } from '@/lib/use-list-page';
import { useDeletePlant } from '@/features/plant/api/delete-plant';
import { usePlants } from '@/features/plant/api/get-plants';
import { useSetFavourite } from '@/features/plant/api/set-favourite';
import { formatEnergy, formatPower } from '@/features/plant/components/format';
import { PlantFormModal } from '@/features/plant/components/plant-form-modal';
import { PlantStatusTag } from '@/features/plant/components/plant-status';

type Filters = Pick<PlantListQuery, 'name' | 'owner' | 'installer' | 'org'>;
type Tab = 'all' | PlantStatus;

const plantDetailPath = (id: number) => `/power_station/power_station_detail?id=${id}`;

/** /power_station/power_station_list: status tabs, search, favourites, sortable columns, export, CRUD. */
export default function PlantListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = useHasPerm();
  const list = useListPage<PlantListQuery, Filters>({
    totalKey: 'plant.total',
    // a new order starts again from the first page
    sort: (s, q) => {
      const sortField = s?.order ? (s.columnKey as PlantListQuery['sortField']) : undefined;
      const sortOrder = s?.order ?? undefined;
      return { sortField, sortOrder, ...((sortField !== q.sortField || sortOrder !== q.sortOrder) && { pageNum: 1 }) };
    },
  });
  const { query } = list;
  const { data, isFetching } = usePlants(query);
  // live: the page is read again when a refresh names one of its plants
  useLivePlants(data?.rows.map((r) => r.id) ?? [], ['plants', 'list']);
  const favourite = useSetFavourite();
  const remove = useDeletePlant();
  const [editing, setEditing] = useState<{ plant?: PlantRow } | null>(null);
  const sortOrderOf = (field: NonNullable<PlantListQuery['sortField']>) =>
    query.sortField === field ? (query.sortOrder ?? null) : null;
  const sortable = (field: NonNullable<PlantListQuery['sortField']>) => ({
    sorter: true,
    sortOrder: sortOrderOf(field),
    key: field,
  });
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
    {
      title: t('plant.capacity'),
      dataIndex: 'capacityKw',
      ...sortable('capacity'),
      render: (v: number) => `${formatNumber(v, 2)} kWp`,
    },
    {
      title: t('plant.countryTimeZone'),
      key: 'tz',
      render: (_: unknown, row) => `${row.country ? `${row.country} / ` : ''}${row.timeZone}`,
    },
    { title: t('plant.address'), dataIndex: 'address', render: dash, ellipsis: true, width: 180 },
    {
      title: t('plant.installedAt'),
      dataIndex: 'installedAt',
      ...sortable('installedAt'),
      render: (v: number | null, row) => (v ? formatTime(v, 'YYYY-MM-DD', row.timeZone) : '—'),
    },
    {
      title: t('plant.dataUpdatedAt'),
      dataIndex: 'dataUpdatedAt',
      ...sortable('dataUpdatedAt'),
      render: (v: number | null, row) => (v ? formatTime(v, undefined, row.timeZone) : '—'),
    },
    { title: t('plant.owner'), dataIndex: 'ownerName', render: dash },
    { title: t('plant.installer'), dataIndex: 'installerName', render: dash },
    { title: t('plant.power'), dataIndex: 'power', ...sortable('power'), render: (v: number) => formatPower(v) },
    { title: t('plant.energyToday'), dataIndex: 'energyToday', ...sortable('energyToday'), render: formatEnergy },
    { title: t('plant.energyMonth'), dataIndex: 'energyMonth', ...sortable('energyMonth'), render: formatEnergy },
    { title: t('plant.energyYear'), dataIndex: 'energyYear', ...sortable('energyYear'), render: formatEnergy },
    { title: t('plant.energyTotal'), dataIndex: 'energyTotal', ...sortable('energyTotal'), render: formatEnergy },
    {
      title: t('plant.statusLabel'),
      dataIndex: 'status',
      ...sortable('status'),
      render: (s: PlantStatus) => <PlantStatusTag status={s} />,
    },
  ];
  if (can('plant:update') || can('plant:delete'))
    columns.push(
      actionsColumn(
        t('common.actions'),
        (row: PlantRow) => (
          <>
            <IconAction
              perm="plant:update"
              title={t('common.update')}
              icon={<EditOutlined />}
              onClick={() => setEditing({ plant: row })}
              testId={`plant-edit-${row.id}`}
            />
            <DeleteAction
              perm="plant:delete"
              testId={`plant-delete-${row.id}`}
              title={t('plant.confirmDelete', { name: row.name })}
              description={t('plant.confirmDeleteDevices', { count: row.devices })}
              okButtonProps={{ danger: true }}
              run={() => remove.mutateAsync(row.id)}
              onCancel={() => void message.info(t('plant.deleteCancelled'))}
            />
          </>
        ),
        { wrap: false },
      ),
    );

  const counts = data?.counts;
  const tab: Tab = query.status ?? 'all';

  return (
    <Card>
      <SearchForm list={list} name="plantSearch" style={{ marginBottom: 8 }}>
        <TextFilter name="name" label={t('plant.name')} width={150} />
        <TextFilter name="owner" label={t('plant.owner')} width={130} />
        <TextFilter name="installer" label={t('plant.installer')} width={130} />
        <TextFilter name="org" label={t('plant.organisation')} width={130} />
      </SearchForm>
      <ListToolbar
        style={{ alignItems: 'center', marginBottom: 0 }}
        left={
          <Tabs
            activeKey={tab}
            onChange={(k) => list.filter({ status: k === 'all' ? undefined : (k as PlantStatus) })}
            items={(['all', 'online', 'offline', 'fault'] as const).map((k) => ({
              key: k,
              label: (
                <span
                  data-testid={`plant-tab-${k}`}
                >{`${t(k === 'all' ? 'plant.all' : `plant.status.${k}`)} (${counts?.[k] ?? 0})`}</span>
              ),
            }))}
            style={{ marginBottom: 0 }}
          />
        }
        right={
          <>
            <Checkbox
              checked={query.favourite === 1}
              onChange={(e) => list.filter({ favourite: e.target.checked ? 1 : undefined })}
              data-testid="plant-favourites-only"
            >
              {t('plant.favouritesOnly')}
            </Checkbox>
            <ExportButton
              path="/plants/export"
              query={query}
              perm="plant:export"
              testId="plant-export"
              doneKey="plant.exported"
            />
            <CreateButton perm="plant:create" testId="plant-create" onClick={() => setEditing({})} />
          </>
        }
      />
      <Table<PlantRow> {...list.tableProps(data, isFetching && !data)} columns={columns} />
      <PlantFormModal open={editing !== null} plant={editing?.plant} onClose={() => setEditing(null)} />
    </Card>
  );
}
