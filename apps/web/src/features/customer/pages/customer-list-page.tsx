import { EditOutlined } from '@ant-design/icons';
import type { CustomerListQuery, CustomerRow } from '@pv/contract';
import { Card, Table, Tag } from 'antd';
import { useEffect, useState, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ExportButton } from '@/components/export-button';
import { CreateButton, ListToolbar, SearchForm, TextFilter, actionsColumn } from '@/components/list-page';
import { DeleteAction, IconAction } from '@/components/row-actions';
import { useHasPerm } from '@/lib/access';
import { ZonedTime } from '@/components/zoned-time';
import { useListPage } from '@/lib/use-list-page';
import { useCustomers } from '@/features/customer/api/get-customers';
import { useDeleteCustomer } from '@/features/customer/api/delete-customer';
import { lazyNamed } from '@/components/lazy-modal';

// dialogs load when first opened (components/lazy-modal.tsx)
const CustomerFormModal = lazyNamed(
  () => import('@/features/customer/components/customer-form-modal'),
  'CustomerFormModal',
);

type Filters = Pick<CustomerListQuery, 'name' | 'email' | 'phone' | 'org'>;

/**
 * /business_partners/clients_list: the plant owners of your data scope, searched and paged by the
 * server (phone, e-mail and address masked by it without the sensitive-data grant), exported as .xlsx.
 */
export default function CustomerListPage() {
  const { t } = useTranslation();
  const can = useHasPerm();
  // ?name=: the customers of that name (the header search's customer results link here)
  const [params] = useSearchParams();
  const named = params.get('name') ?? undefined;
  const list = useListPage<CustomerListQuery, Filters>({ totalKey: 'customer.total', initial: { name: named } });
  const { form, filter } = list;
  // another link (the page stays open in its tab) searches again, and the search box shows the name
  useEffect(() => {
    if (named === undefined) return;
    form.setFieldsValue({ name: named });
    filter({ name: named });
  }, [named]); // eslint-disable-line react-hooks/exhaustive-deps
  const { data, isFetching } = useCustomers(list.query);
  const remove = useDeleteCustomer();
  // the create/edit form: null closed, no customer: create
  const [editing, setEditing] = useState<{ customer?: CustomerRow } | null>(null);
  const dash = (v: string | null) => v || '—';
  const columns = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: t('customer.name'),
      dataIndex: 'name',
      render: (v: string, r: CustomerRow) => (r.nickname && r.nickname !== v ? `${v} (${r.nickname})` : v),
    },
    { title: t('customer.email'), dataIndex: 'email', render: dash },
    { title: t('customer.phone'), dataIndex: 'phone', render: dash, responsive: ['md' as const] },
    { title: t('customer.address'), dataIndex: 'address', render: dash, responsive: ['xxl' as const] },
    { title: t('customer.organisation'), dataIndex: 'orgName', responsive: ['lg' as const] },
    {
      title: t('customer.plants'),
      dataIndex: 'plants',
      width: 90,
      // the count opens the plant list filtered to this owner, for those who may read it
      render: (n: number, r: CustomerRow) =>
        n > 0 && can('plant:list') ? (
          <Link to={`/power_station/power_station_list?ownerId=${r.id}`} data-testid={`customer-plants-${r.id}`}>
            {n}
          </Link>
        ) : (
          n
        ),
    },
    {
      title: t('customer.login'),
      dataIndex: 'loginName',
      render: (v: string | null, r: CustomerRow) =>
        v ? (
          <Tag color={r.loginState === 'enabled' ? 'green' : 'default'}>
            {r.loginState === 'enabled' ? v : `${v} · ${t('customer.loginDisabled')}`}
          </Tag>
        ) : (
          <Tag>{t('customer.noLogin')}</Tag>
        ),
    },
    {
      title: t('customer.createdAt'),
      dataIndex: 'createdAt',
      render: (v: number) => <ZonedTime value={v} />,
      responsive: ['xxl' as const],
    },
    ...(['customer:update', 'customer:delete'].some(can)
      ? [
          actionsColumn(t('common.actions'), (row: CustomerRow) => (
            <>
              <IconAction
                perm="customer:update"
                type="text"
                title={t('common.update')}
                icon={<EditOutlined />}
                onClick={() => setEditing({ customer: row })}
                testId={`customer-update-${row.id}`}
              />
              <DeleteAction
                perm="customer:delete"
                type="text"
                testId={`customer-delete-${row.id}`}
                title={t('customer.confirmDelete', { name: row.name })}
                okButtonProps={{ danger: true }}
                run={() => remove.mutateAsync(row.id)}
              />
            </>
          )),
        ]
      : []),
  ];

  return (
    <Card>
      <SearchForm list={list} phoneFilters={1} searchTestId="customer-search">
        <TextFilter name="name" label={t('customer.name')} testId="customer-search-name" />
        <TextFilter name="email" label={t('customer.email')} />
        <TextFilter name="phone" label={t('customer.phone')} />
        <TextFilter name="org" label={t('customer.organisation')} />
      </SearchForm>
      <ListToolbar
        left={<CreateButton perm="customer:create" testId="customer-create" onClick={() => setEditing({})} />}
        right={
          <ExportButton
            path="/customers/export"
            query={list.query}
            perm="customer:export"
            testId="customer-export"
            doneKey="customer.exported"
          />
        }
      />
      <Table<CustomerRow> {...list.tableProps(data, isFetching)} columns={columns} data-testid="customer-table" />
      {editing && (
        <Suspense fallback={null}>
          <CustomerFormModal customer={editing.customer} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Card>
  );
}
