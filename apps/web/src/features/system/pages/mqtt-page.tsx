import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { DEFAULT_ENDPOINT_COUNTRY, type MqttConfigQuery, type MqttConfigRow } from '@pv/contract';
import { Button, Card, Flex, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateButton, ListToolbar, SearchForm, TextFilter } from '@/components/list-page';
import { ConfirmAction } from '@/components/row-actions';
import { Access, useHasPerm } from '@/lib/access';
import { ZonedTime } from '@/components/zoned-time';
import { useListPage } from '@/lib/use-list-page';
import { useDeleteMqttConfig } from '@/features/system/api/delete-mqtt-config';
import { useMqttConfigs } from '@/features/system/api/get-mqtt-configs';
import { ArchiveConfigCard } from '@/features/system/components/archive-config-card';
import { maskKey } from '@/features/system/components/mask-key';
import { lazyNamed, OnceOpened } from '@/components/lazy-modal';

// dialogs load when first opened (components/lazy-modal.tsx)
const MqttConfigFormModal = lazyNamed(
  () => import('@/features/system/components/mqtt-config-form-modal'),
  'MqttConfigFormModal',
);

type Filters = Pick<MqttConfigQuery, 'country'>;

/**
 * /systems/mqtt: the MQTT/HTTP endpoints handed to devices per country (paged and filtered by the
 * server; the key comes masked unless the role holds the sensitive-data grant) and the archive
 * configuration, both guarded on the server by the mqtt:* permissions.
 */
export default function MqttPage() {
  const { t } = useTranslation();
  const can = useHasPerm();
  const list = useListPage<MqttConfigQuery, Filters>({ totalKey: 'system.mqtt.total' });
  const { data, isFetching } = useMqttConfigs(list.query);
  const remove = useDeleteMqttConfig();
  const [editing, setEditing] = useState<{ record?: MqttConfigRow } | null>(null);

  const columns = [
    {
      title: t('system.mqtt.country'),
      dataIndex: 'country',
      // the embedded broker's own endpoint, filed under no country in particular
      render: (v: string) => (v === DEFAULT_ENDPOINT_COUNTRY ? t('system.mqtt.defaultCountry') : v),
    },
    {
      title: t('system.mqtt.serviceAddress'),
      dataIndex: 'serviceAddress',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { title: t('system.mqtt.httpPort'), dataIndex: 'httpPort', align: 'right' as const },
    { title: t('system.mqtt.username'), dataIndex: 'username' },
    {
      title: t('system.mqtt.userKey'),
      dataIndex: 'userKey',
      render: (v: string) => <span data-testid="mqtt-key">{maskKey(v)}</span>,
    },
    {
      title: t('system.mqtt.topic'),
      dataIndex: 'topic',
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
      responsive: ['md' as const],
    },
    {
      title: t('system.mqtt.createdAt'),
      dataIndex: 'createdAt',
      render: (v: number) => <ZonedTime value={v} />,
      responsive: ['xl' as const],
    },
    ...(['mqtt:update', 'mqtt:delete'].some(can)
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: MqttConfigRow) => (
              <Space size={4}>
                <Access perm="mqtt:update">
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => setEditing({ record: row })}
                    data-testid={`mqtt-edit-${row.id}`}
                  >
                    {t('common.update')}
                  </Button>
                </Access>
                <Access perm="mqtt:delete">
                  <ConfirmAction
                    title={t('system.mqtt.confirmDelete', { country: row.country, address: row.serviceAddress })}
                    okText={t('common.confirm')}
                    cancelText={t('common.cancel')}
                    okButtonProps={{ danger: true }}
                    run={() => remove.mutateAsync(row.id)}
                  >
                    <Button
                      type="link"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      data-testid={`mqtt-delete-${row.id}`}
                    >
                      {t('common.delete')}
                    </Button>
                  </ConfirmAction>
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
        <SearchForm<Filters> list={list} searchTestId="mqtt-search">
          <TextFilter name="country" label={t('system.mqtt.country')} width={180} testId="mqtt-filter-country" />
        </SearchForm>
        <ListToolbar left={<CreateButton perm="mqtt:create" testId="mqtt-create" onClick={() => setEditing({})} />} />
        <Table<MqttConfigRow> {...list.tableProps(data, isFetching)} columns={columns} data-testid="mqtt-table" />
        <OnceOpened open={editing !== null}>
          <MqttConfigFormModal open={editing !== null} record={editing?.record} onClose={() => setEditing(null)} />
        </OnceOpened>
      </Card>
      <ArchiveConfigCard />
    </Flex>
  );
}
