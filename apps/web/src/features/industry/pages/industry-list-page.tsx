import { DeleteOutlined, EditOutlined, PoweroffOutlined } from '@ant-design/icons';
import type { IndustryListQuery, IndustryRow } from '@pv/contract';
import { Button, Card, Form, Select, Table } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateButton, ListToolbar, SearchForm, TextFilter, actionsColumn } from '@/components/list-page';
import { lazyNamed } from '@/components/lazy-modal';
import { ConfirmAction } from '@/components/row-actions';
import { Access } from '@/lib/access';
import { useListPage } from '@/lib/use-list-page';
import { useDeleteIndustry } from '@/features/industry/api/delete-industry';
import { useIndustries } from '@/features/industry/api/get-industries';
import { useSetIndustryEnabled } from '@/features/industry/api/set-industry-enabled';
import { industryColumns } from '@/features/industry/components/industry-columns';

// the dialog loads when first opened (components/lazy-modal.tsx)
const IndustryFormModal = lazyNamed(
  () => import('@/features/industry/components/industry-form-modal'),
  'IndustryFormModal',
);

type Filters = Pick<IndustryListQuery, 'name' | 'code' | 'enabled'>;

/** /catalogue/industries: the industries of the product catalogue, paged and filtered by the server. */
export default function IndustryListPage() {
  const { t } = useTranslation();
  const list = useListPage<IndustryListQuery, Filters>({ totalKey: 'catalogue.industry.total' });
  const { data, isFetching } = useIndustries(list.query);
  const remove = useDeleteIndustry();
  const enable = useSetIndustryEnabled();
  const [editing, setEditing] = useState<{ industry?: IndustryRow } | null>(null);

  const actions = (row: IndustryRow) => (
    <>
      <Access perm="industry:update">
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={() => setEditing({ industry: row })}
          data-testid={`industry-edit-${row.code}`}
        >
          {t('common.update')}
        </Button>
        <ConfirmAction
          title={t(row.enabled ? 'catalogue.industry.confirmDisable' : 'catalogue.industry.confirmEnable', {
            name: row.name,
          })}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          run={() => enable.mutateAsync({ id: row.id, enabled: !row.enabled })}
        >
          <Button type="link" size="small" icon={<PoweroffOutlined />} data-testid={`industry-toggle-${row.code}`}>
            {t(row.enabled ? 'catalogue.industry.disable' : 'catalogue.industry.enable')}
          </Button>
        </ConfirmAction>
      </Access>
      <Access perm="industry:delete">
        <ConfirmAction
          title={t('catalogue.industry.confirmDelete', { name: row.name })}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          run={() => remove.mutateAsync(row.id)}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`industry-delete-${row.code}`}>
            {t('common.delete')}
          </Button>
        </ConfirmAction>
      </Access>
    </>
  );

  const columns = [
    ...industryColumns(t),
    // kept in view at the right when a narrow window scrolls the table sideways
    actionsColumn(t('common.actions'), actions, { size: 6, perms: ['industry:update', 'industry:delete'] }),
  ];

  return (
    <Card>
      <SearchForm list={list}>
        <TextFilter name="name" label={t('catalogue.industry.name')} />
        <TextFilter name="code" label={t('catalogue.industry.code')} />
        <Form.Item name="enabled" label={t('catalogue.industry.state')}>
          <Select
            allowClear
            style={{ width: 130 }}
            data-testid="industry-filter-enabled"
            options={[
              { value: 'true', label: t('catalogue.industry.enabled') },
              { value: 'false', label: t('catalogue.industry.disabled') },
            ]}
          />
        </Form.Item>
      </SearchForm>
      <ListToolbar
        left={<CreateButton perm="industry:create" testId="industry-create" onClick={() => setEditing({})} />}
      />
      <Table<IndustryRow> {...list.tableProps(data, isFetching)} columns={columns} />
      {editing && (
        <Suspense fallback={null}>
          <IndustryFormModal open industry={editing.industry} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Card>
  );
}
