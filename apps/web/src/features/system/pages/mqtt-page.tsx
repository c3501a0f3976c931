import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { MqttConfigQuery, MqttConfigRow } from '@pv/contract';
import { App, Button, Card, Flex, Form, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access, useHasPerm } from '../../../lib/access';
import { formatTime } from '../../../lib/format';
import { useDeleteMqttConfig } from '../api/delete-mqtt-config';
import { useMqttConfigs } from '../api/get-mqtt-configs';
import { ArchiveConfigCard } from '../components/archive-config-card';
import { maskKey } from '../components/mask-key';
import { MqttConfigFormModal } from '../components/mqtt-config-form-modal';

type Filters = Pick<MqttConfigQuery, 'country'>;

/**
 * /systems/mqtt: the MQTT/HTTP endpoints handed to devices per country (paged and filtered by the
 * server; the key comes masked unless the role holds the sensitive-data grant) and the archive
 * configuration, both guarded on the server by the mqtt:* permissions.
 */
export default function MqttPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useHasPerm();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<MqttConfigQuery>({ pageNum: 1, pageSize: 20 });
  const { data, isFetching } = useMqttConfigs(query);
  const remove = useDeleteMqttConfig();
  const [editing, setEditing] = useState<{ record?: MqttConfigRow } | null>(null);

  const columns = [
    { title: t('system.mqtt.country'), dataIndex: 'country' },
    { title: t('system.mqtt.serviceAddress'), dataIndex: 'serviceAddress', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('system.mqtt.httpPort'), dataIndex: 'httpPort', align: 'right' as const },
    { title: t('system.mqtt.username'), dataIndex: 'username' },
    { title: t('system.mqtt.userKey'), dataIndex: 'userKey', render: (v: string) => <span data-testid="mqtt-key">{maskKey(v)}</span> },
    { title: t('system.mqtt.topic'), dataIndex: 'topic', render: (v: string) => <Typography.Text code>{v}</Typography.Text>, responsive: ['md' as const] },
    { title: t('system.mqtt.createdAt'), dataIndex: 'createdAt', render: (v: number) => formatTime(v), responsive: ['xl' as const] },
    ...(['mqtt:update', 'mqtt:delete'].some(can)
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: MqttConfigRow) => (
              <Space size={4}>
                <Access perm="mqtt:update">
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ record: row })} data-testid={`mqtt-edit-${row.id}`}>
                    {t('common.update')}
                  </Button>
                </Access>
                <Access perm="mqtt:delete">
                  <Popconfirm
                    title={t('system.mqtt.confirmDelete', { country: row.country, address: row.serviceAddress })}
                    okText={t('common.confirm')}
                    cancelText={t('common.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={async () => {
                      try {
                        await remove.mutateAsync(row.id);
                        void message.success(t('success.delete'));
                      } catch {
                        // shown by the API client
                      }
                    }}
                  >
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`mqtt-delete-${row.id}`}>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                </Access>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <Card title={t('system.mqtt.title')}>
        <Form<Filters> form={form} layout="inline" onFinish={(f) => setQuery({ ...query, ...f, pageNum: 1 })} style={{ rowGap: 8, marginBottom: 12 }}>
          <Form.Item name="country" label={t('system.mqtt.country')}>
            <Input allowClear style={{ width: 180 }} data-testid="mqtt-filter-country" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="mqtt-search">
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
        <Access perm="mqtt:create">
          <div style={{ marginBottom: 12 }}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="mqtt-create">
              {t('common.create')}
            </Button>
          </div>
        </Access>
        <Table<MqttConfigRow>
          rowKey="id"
          size="middle"
          loading={isFetching}
          columns={columns}
          dataSource={data?.rows ?? []}
          scroll={{ x: 'max-content' }}
          data-testid="mqtt-table"
          pagination={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('system.mqtt.total', { count: total }),
            onChange: (pageNum, pageSize) => setQuery({ ...query, pageNum, pageSize }),
          }}
        />
        <MqttConfigFormModal open={editing !== null} record={editing?.record} onClose={() => setEditing(null)} />
      </Card>
      <ArchiveConfigCard />
    </Flex>
  );
}
