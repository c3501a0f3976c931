import { EditOutlined, FileTextOutlined } from '@ant-design/icons';
import type { ProductQuery, ProductRow } from '@pv/contract';
import { Card, Drawer, Skeleton, Space, Table, Tabs, Typography } from 'antd';
import { useState, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateButton, ListToolbar, SearchForm, TextFilter } from '@/components/list-page';
import { DeleteAction, IconAction } from '@/components/row-actions';
import { useHasPerm } from '@/lib/access';
import { useListPage } from '@/lib/use-list-page';
import { useDeleteProduct } from '@/features/product/api/delete-product';
import { useProducts } from '@/features/product/api/get-products';
import { lazyNamed } from '@/components/lazy-modal';

// the problems tab and the product drawer's tabs (their forms, uploads and the contract's schemas
// behind them) load when first opened, not with the product list
const ProblemList = lazyNamed(() => import('@/features/product/components/problem-list'), 'ProblemList');
const ProductDocuments = lazyNamed(() => import('@/features/product/components/product-documents'), 'ProductDocuments');
const ReleaseNotes = lazyNamed(() => import('@/features/product/components/release-notes'), 'ReleaseNotes');
const loading = <Skeleton active />;

// dialogs load when first opened (components/lazy-modal.tsx)
const ProductFormModal = lazyNamed(
  () => import('@/features/product/components/product-form-modal'),
  'ProductFormModal',
);

type Filters = Pick<ProductQuery, 'name'>;

/**
 * /systems/product_problem (product options): the products with their documents and release
 * notes, and the problems reported against them.
 */
export default function ProductOptionsPage() {
  const { t } = useTranslation();
  const can = useHasPerm();
  const list = useListPage<ProductQuery, Filters>({ totalKey: 'helpCenter.products.total' });
  const { data, isFetching } = useProducts(list.query);
  const all = useProducts({ pageNum: 1, pageSize: 500 });
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<{ record?: ProductRow } | null>(null);
  const [docs, setDocs] = useState<ProductRow | null>(null);

  const columns = [
    { title: t('helpCenter.products.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('helpCenter.products.type'),
      dataIndex: 'type',
      width: 120,
      render: (v: string) => t(`device.types.${v}`),
    },
    {
      title: t('helpCenter.products.code'),
      dataIndex: 'code',
      width: 120,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t('helpCenter.products.devices'),
      dataIndex: 'devices',
      width: 90,
      align: 'right' as const,
      responsive: ['md' as const],
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 140,
      render: (_: unknown, r: ProductRow) => (
        <Space size={2}>
          <IconAction
            title={t('helpCenter.products.documents')}
            icon={<FileTextOutlined />}
            testId={`product-docs-${r.id}`}
            onClick={() => setDocs(r)}
          />
          {can('product:update') && (
            <IconAction
              title={t('common.update')}
              icon={<EditOutlined />}
              testId={`product-edit-${r.id}`}
              onClick={() => setEditing({ record: r })}
            />
          )}
          <DeleteAction
            perm="product:delete"
            testId={`product-delete-${r.id}`}
            title={t('helpCenter.products.confirmDelete', { name: r.name })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            run={() => remove.mutateAsync(r.id)}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Tabs
        items={[
          {
            key: 'products',
            label: t('helpCenter.products.tab'),
            children: (
              <>
                <SearchForm<Filters> list={list} searchTestId="product-search">
                  <TextFilter name="name" label={t('helpCenter.products.name')} width={200} />
                </SearchForm>
                <ListToolbar
                  left={<CreateButton perm="product:create" testId="product-create" onClick={() => setEditing({})} />}
                />
                <Table<ProductRow>
                  {...list.tableProps(data, isFetching)}
                  columns={columns}
                  data-testid="product-table"
                />
              </>
            ),
          },
          {
            key: 'problems',
            label: <span data-testid="problems-tab">{t('helpCenter.problems.tab')}</span>,
            children: (
              <Suspense fallback={loading}>
                <ProblemList products={all.data?.rows ?? []} />
              </Suspense>
            ),
          },
        ]}
      />
      {editing && (
        <Suspense fallback={null}>
          <ProductFormModal record={editing.record} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <Drawer
        open={docs !== null}
        onClose={() => setDocs(null)}
        title={docs?.name}
        width="min(720px, 100vw)"
        destroyOnHidden
        data-testid="product-drawer"
      >
        {docs && (
          <Tabs
            items={[
              {
                key: 'docs',
                label: t('helpCenter.products.documents'),
                children: (
                  <Suspense fallback={loading}>
                    <ProductDocuments productId={docs.id} />
                  </Suspense>
                ),
              },
              {
                key: 'releases',
                label: <span data-testid="releases-tab">{t('helpCenter.products.releases')}</span>,
                children: (
                  <Suspense fallback={loading}>
                    <ReleaseNotes productId={docs.id} />
                  </Suspense>
                ),
              },
            ]}
          />
        )}
      </Drawer>
    </Card>
  );
}
