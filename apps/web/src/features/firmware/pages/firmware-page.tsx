import { ApiOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { API_BASE, DEVICE_TYPES, type DeviceType, type FirmwareRow } from '@pv/contract';
import { Button, Card, Empty, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmAction } from '@/components/row-actions';
import { Access, useHasPerm } from '@/lib/access';
import { formatBytes } from '@/lib/format';
import { ZonedTime } from '@/components/zoned-time';
import { download } from '@/lib/http';
import { usePaging } from '@/lib/use-paging';
import { useSession } from '@/stores/session';
import { useDeleteFirmware } from '@/features/firmware/api/delete-firmware';
import { useFirmware, type FirmwareQuery } from '@/api/firmware';
import { notesIn, ReleaseNotesModal } from '@/features/firmware/components/release-notes-field';
import { lazyNamed, OnceOpened } from '@/components/lazy-modal';

// dialogs load when first opened (components/lazy-modal.tsx)
const FirmwareUploadModal = lazyNamed(
  () => import('@/features/firmware/components/firmware-upload-modal'),
  'FirmwareUploadModal',
);

const MQTT_PAGE = '/systems/mqtt';

/** The empty list says what to do next: upload a firmware file, then push it from a device's page. */
function NoFirmware({ type, canUpload, onUpload }: { type?: DeviceType; canUpload: boolean; onUpload: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Space orientation="vertical" size={4}>
          <Typography.Text strong>
            {type
              ? t('firmware.emptyFiltered', {
                  type: t(`firmware.deviceTypes.${type}`).toLocaleLowerCase(i18n.language),
                })
              : t('firmware.empty')}
          </Typography.Text>
          <Typography.Text type="secondary">{t('firmware.emptyHint')}</Typography.Text>
        </Space>
      }
      data-testid="firmware-empty"
    >
      {canUpload && (
        <Button type="primary" icon={<UploadOutlined />} onClick={onUpload} data-testid="firmware-empty-upload">
          {t('firmware.upload')}
        </Button>
      )}
    </Empty>
  );
}

/** /systems/cmd: the firmware versions devices are upgraded to (paged by the server), upload and delete. */
export default function FirmwarePage() {
  const { t, i18n } = useTranslation();
  const can = useHasPerm();
  // the MQTT/HTTP page is hidden from the menu; this page links to it for those who may open it
  const mqttPermitted = useSession((s) => s.info?.routerPaths.includes(MQTT_PAGE) ?? false);
  const list = usePaging<FirmwareQuery>({ totalKey: 'firmware.total' });
  const { data, isFetching } = useFirmware(list.query);
  const remove = useDeleteFirmware();
  const [uploading, setUploading] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);
  const [editingNotes, setEditingNotes] = useState<FirmwareRow | null>(null);

  const save = async (row: FirmwareRow) => {
    setDownloading(row.id);
    try {
      await download(row.downloadUrl.replace(API_BASE, ''), {});
    } catch {
      // shown by the API client
    } finally {
      setDownloading(null);
    }
  };

  const columns = [
    {
      title: t('firmware.version'),
      dataIndex: 'version',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    {
      title: t('firmware.deviceType'),
      dataIndex: 'deviceType',
      render: (v: string) => <Tag>{t(`firmware.deviceTypes.${v}`, { defaultValue: v })}</Tag>,
    },
    {
      title: t('firmware.fileName'),
      dataIndex: 'fileName',
      render: (v: string, row: FirmwareRow) => (
        <Tooltip title={t('firmware.download')}>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            loading={downloading === row.id}
            onClick={() => void save(row)}
            style={{ paddingInline: 0 }}
            data-testid={`firmware-download-${row.version}`}
          >
            {v}
          </Button>
        </Tooltip>
      ),
    },
    { title: t('firmware.size'), dataIndex: 'size', align: 'right' as const, render: (v: number) => formatBytes(v) },
    {
      title: t('firmware.downloadUrl'),
      dataIndex: 'downloadUrl',
      responsive: ['xl' as const],
      render: (v: string) => (
        <Typography.Text type="secondary" copyable={{ text: `${window.location.origin}${v}` }} style={{ fontSize: 12 }}>
          {v}
        </Typography.Text>
      ),
    },
    {
      title: 'SHA-256',
      dataIndex: 'sha256',
      responsive: ['xxl' as const],
      render: (v: string) => (
        <Typography.Text type="secondary" copyable={{ text: v }} style={{ fontSize: 12 }}>
          {`${v.slice(0, 12)}…`}
        </Typography.Text>
      ),
    },
    {
      title: t('firmware.description'),
      dataIndex: 'description',
      responsive: ['md' as const],
      // long notes stay on one line in a bounded column, whole in the tooltip
      render: (v: string | null) =>
        v ? (
          <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 280 }}>
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      // the version's update content in the reader's language (English when it has none)
      title: t('firmware.releaseNotes'),
      dataIndex: 'releaseNotes',
      render: (v: string | null, row: FirmwareRow) => {
        const text = notesIn(v, i18n.language);
        return (
          <Space size={4} data-testid={`firmware-notes-${row.version}`}>
            {text ? (
              <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 260 }}>
                {text}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            )}
            {can('firmware:update') && (
              <Tooltip title={t('firmware.editNotes')}>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('firmware.editNotes')}
                  onClick={() => setEditingNotes(row)}
                  data-testid={`firmware-notes-edit-${row.version}`}
                />
              </Tooltip>
            )}
          </Space>
        );
      },
    },
    {
      title: t('firmware.createdAt'),
      dataIndex: 'createdAt',
      render: (v: number) => <ZonedTime value={v} />,
      responsive: ['lg' as const],
    },
    ...(can('firmware:delete')
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, row: FirmwareRow) => (
              <ConfirmAction
                title={t('firmware.confirmDelete', {
                  version: row.version,
                  type: t(`firmware.deviceTypes.${row.deviceType}`, { defaultValue: row.deviceType }),
                })}
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
                  data-testid={`firmware-delete-${row.version}`}
                >
                  {t('common.delete')}
                </Button>
              </ConfirmAction>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('firmware.title')}
      extra={
        mqttPermitted && (
          <Link to={MQTT_PAGE} data-testid="firmware-mqtt-link">
            <Button type="link" icon={<ApiOutlined />}>
              {t('firmware.mqttLink')}
            </Button>
          </Link>
        )
      }
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 12 }}>
        <Access perm="firmware:create">
          <Button
            type="primary"
            icon={<UploadOutlined />}
            onClick={() => setUploading(true)}
            data-testid="firmware-upload"
          >
            {t('firmware.upload')}
          </Button>
        </Access>
        <Space>
          <Typography.Text>{t('firmware.deviceType')}</Typography.Text>
          <Select<DeviceType>
            allowClear
            placeholder={t('firmware.allTypes')}
            style={{ width: 160 }}
            value={list.query.deviceType}
            onChange={(deviceType) => list.filter({ deviceType })}
            options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`firmware.deviceTypes.${v}`) }))}
            aria-label={t('firmware.deviceType')}
            data-testid="firmware-filter-type"
          />
        </Space>
      </div>
      <Table<FirmwareRow>
        {...list.tableProps(data, isFetching)}
        columns={columns}
        locale={{
          emptyText: (
            <NoFirmware
              type={list.query.deviceType}
              canUpload={can('firmware:create')}
              onUpload={() => setUploading(true)}
            />
          ),
        }}
        data-testid="firmware-table"
      />
      <OnceOpened open={uploading}>
        <FirmwareUploadModal open={uploading} onClose={() => setUploading(false)} />
      </OnceOpened>
      {editingNotes && <ReleaseNotesModal row={editingNotes} onClose={() => setEditingNotes(null)} />}
    </Card>
  );
}
