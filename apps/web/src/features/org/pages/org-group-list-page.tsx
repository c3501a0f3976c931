import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { OrgGroupListQuery, OrgGroupRow } from '@pv/contract';
import { App, Button, Card, Form, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupLabel } from '../components/group-label';
import { Access } from '../../../lib/access';
import { useDeleteOrgGroup } from '../api/delete-org-group';
import { useOrgGroups } from '../api/get-org-groups';
import { OrgGroupFormModal } from '../components/org-group-form-modal';

type Filters = Pick<OrgGroupListQuery, 'name' | 'code'>;

/** /auth/orgGroup: the types of organisations, paged and filtered by the server. */
export default function OrgGroupListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<OrgGroupListQuery>({ pageNum: 1, pageSize: 20 });
  const { data, isFetching } = useOrgGroups(query);
  const remove = useDeleteOrgGroup();
  const [editing, setEditing] = useState<{ group?: OrgGroupRow } | null>(null);

  const columns = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('org.group.name'), dataIndex: 'name', render: (v: string, row: OrgGroupRow) => groupLabel(row.code, v) },
    { title: t('org.group.code'), dataIndex: 'code', render: (v: string) => <Tag color={v === 'ROOT' ? 'purple' : undefined}>{v}</Tag> },
    { title: t('org.group.orgs'), dataIndex: 'orgs', width: 140 },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_: unknown, row: OrgGroupRow) => (
        <Space size={4}>
          <Access perm="orgGroup:update">
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ group: row })} data-testid={`org-group-edit-${row.code}`}>
              {t('common.update')}
            </Button>
          </Access>
          <Access perm="orgGroup:delete">
            <Popconfirm
              title={t('org.group.confirmDelete', { name: row.name })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              disabled={row.code === 'ROOT'}
              onConfirm={async () => {
                try {
                  await remove.mutateAsync(row.id);
                  void message.success(t('success.delete'));
                } catch {
                  // the API client has shown why (organisations still use it)
                }
              }}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={row.code === 'ROOT'} data-testid={`org-group-delete-${row.code}`}>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          </Access>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Form<Filters> form={form} layout="inline" onFinish={(f) => setQuery({ ...query, ...f, pageNum: 1 })} style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item name="name" label={t('org.group.name')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="code" label={t('org.group.code')}>
          <Input allowClear style={{ width: 160 }} />
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
      <div style={{ marginBottom: 12 }}>
        <Access perm="orgGroup:create">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="org-group-create">
            {t('common.create')}
          </Button>
        </Access>
      </div>
      <Table<OrgGroupRow>
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
          showTotal: (total) => t('org.total', { count: total }),
          onChange: (pageNum, pageSize) => setQuery({ ...query, pageNum, pageSize }),
        }}
      />
      {editing && <OrgGroupFormModal open group={editing.group} onClose={() => setEditing(null)} />}
    </Card>
  );
}
