import { LIVE_THROTTLE_MS } from '@pv/contract';
import { Button, Card, Progress, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZonedTime } from '@/components/zoned-time';
import { useLiveDevices } from '@/lib/live';
import { deviceQuery, useDevice } from '@/features/device/api/get-device';
import { updateLogQuery, useUpdateLog, type UpdateLogRow } from '@/features/device/api/get-update-log';
import { CommandStatusTag } from '@/features/device/components/command-status';
import { useDeviceId } from '@/features/device/components/use-device-id';
import { DeviceNotFound, DeviceUnavailable } from '@/features/device/components/device-not-found';

/** /devices/devices_update_log?id=: the OTA progress a device reported, newest first; read again as the device reports more. */
export default function DeviceUpdateLogPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const device = useDevice(id);
  const { data, isFetching } = useUpdateLog(id);
  useLiveDevices([id], updateLogQuery(id).queryKey);
  // the version after a successful upgrade
  useLiveDevices([id], deviceQuery(id).queryKey, { throttleMs: LIVE_THROTTLE_MS });
  if (!id) return <DeviceNotFound />;
  if (device.isError && !device.data)
    return <DeviceUnavailable error={device.error} onRetry={() => void device.refetch()} />;
  return (
    <Card
      title={
        <Space wrap>
          {t('device.updateLog')}
          {device.data && (
            <Typography.Text type="secondary">{`${device.data.name} · ${device.data.sn} · ${t('device.swVersion')} ${device.data.swVersion ?? '—'}`}</Typography.Text>
          )}
        </Space>
      }
      extra={
        <Link to={`/devices/devices_detail?id=${id}`}>
          <Button>{t('device.backToDetail')}</Button>
        </Link>
      }
    >
      <Table<UpdateLogRow>
        rowKey={(r) => `${r.cmdId}-${r.ts}-${r.progress}`}
        size="middle"
        loading={isFetching && !data}
        dataSource={data ?? []}
        scroll={{ x: 'max-content' }}
        data-testid="update-log"
        columns={[
          {
            title: t('device.log.time'),
            dataIndex: 'ts',
            // the plant's clock, known once the device is read (an unbound device: the user's zone)
            render: (v: number) => <ZonedTime value={v} timeZone={device.data?.timeZone} />,
          },
          { title: t('device.ota.version'), dataIndex: 'version', render: (v: string | null) => v ?? '—' },
          {
            title: t('device.log.progress'),
            dataIndex: 'progress',
            render: (v: number, r) => (
              <Progress
                percent={v}
                size="small"
                style={{ width: 160 }}
                status={
                  r.status === 'failed'
                    ? 'exception'
                    : v >= 100
                      ? 'success'
                      : r.status === 'processing'
                        ? 'active'
                        : 'normal'
                }
              />
            ),
          },
          {
            title: t('device.cmd.status'),
            dataIndex: 'status',
            render: (v: UpdateLogRow['status']) => <CommandStatusTag status={v} />,
          },
          {
            title: t('device.log.cmdId'),
            dataIndex: 'cmdId',
            render: (v: string) => (
              <Typography.Text type="secondary" copyable style={{ fontSize: 12 }}>
                {v}
              </Typography.Text>
            ),
          },
        ]}
        pagination={{ pageSize: 20, showSizeChanger: false }}
      />
    </Card>
  );
}
