import { HistoryOutlined, LineChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { LIVE_THROTTLE_MS, type DeviceRow } from '@pv/contract';
import { Button, Card, Col, Descriptions, Empty, Row, Space, Statistic, Table, Typography } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatZonedTime, useUserTimeZone } from '@/lib/time-zone';
import { ZonedTime } from '@/components/zoned-time';
import { useFormat } from '@/lib/quantity';
import { useLiveDevices } from '@/lib/live';
import { listLoading } from '@/lib/use-list-page';
import { deviceQuery, useDevice } from '@/features/device/api/get-device';
import { useDevices } from '@/features/device/api/get-devices';
import { DeviceControlSection } from '@/features/device/components/control-panel-section';
import { DeviceFigures } from '@/features/device/components/device-figures';
import { OnlineTag, RunTag } from '@/components/device-state';
import { OtaPushButton } from '@/features/device/components/ota-push-modal';
import { readingItems } from '@/features/device/components/point-label';
import { useDeviceId } from '@/features/device/components/use-device-id';
import { DeviceNotFound, DeviceUnavailable } from '@/features/device/components/device-not-found';
import { usePhone } from '@/components/list-page';

const header: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 12,
  marginBottom: 16,
};

function LivePoints({ device }: { device: DeviceRow }) {
  const { t } = useTranslation();
  const f = useFormat();
  const items = readingItems(t, f, device.type, device.points);
  if (!items.length) return <Empty description={t('device.noPoints')} />;
  return (
    <Row gutter={[16, 16]} data-testid="live-points">
      {items.map(({ point, name, value }) => (
        <Col key={point} xs={12} sm={8} md={6} xl={4}>
          <Statistic
            title={name}
            value={value}
            formatter={(text) => text}
            styles={{ content: { fontSize: 20 } }}
            data-testid={`point-${point}`}
          />
        </Col>
      ))}
    </Row>
  );
}

function SubDevices({ device }: { device: DeviceRow }) {
  const { t } = useTranslation();
  const subs = useDevices({ pageNum: 1, pageSize: 100, parentId: device.id }, device.subCount > 0);
  const { data } = subs;
  // sub devices report in their collector's messages: its events refresh them
  useLiveDevices([device.id], ['devices', { parentId: device.id }], { throttleMs: LIVE_THROTTLE_MS });
  return (
    <Table<DeviceRow>
      rowKey="id"
      size="small"
      loading={listLoading(subs)}
      dataSource={data?.rows ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: t('device.subSn'),
          dataIndex: 'sn',
          render: (v: string, r) => <Link to={`/devices/devices_detail?id=${r.id}`}>{v}</Link>,
        },
        { title: t('device.name'), dataIndex: 'name' },
        { title: t('device.type'), dataIndex: 'type', render: (v: DeviceRow['type']) => t(`device.types.${v}`) },
        {
          title: t('device.onlineState'),
          dataIndex: 'onlineState',
          render: (v: DeviceRow['onlineState']) => <OnlineTag state={v} />,
        },
        {
          title: t('device.runState'),
          dataIndex: 'runState',
          render: (v: DeviceRow['runState']) => <RunTag state={v} />,
        },
        { title: t('device.swVersion'), dataIndex: 'swVersion', render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}

/**
 * /devices/devices_detail?id=: facts, live points, sub devices, control and OTA. Read again when the
 * device reports (live `devices` events); polled only while the event stream is not open.
 */
export default function DeviceDetailPage() {
  const { t, i18n } = useTranslation();
  const id = useDeviceId();
  const phone = usePhone();
  const { data: d, isError, error, refetch, dataUpdatedAt } = useDevice(id, true);
  // the button turns while the reading its click asked for comes, not at each live refresh (every second)
  const [reloading, setReloading] = useState(false);
  useLiveDevices([id], deviceQuery(id).queryKey);
  // the device's times on its plant's clock; an unbound device's in the user's zone
  const userZone = useUserTimeZone(!!d && !d.timeZone);

  if (!id) return <DeviceNotFound />;
  if (isError && !d) return <DeviceUnavailable error={error} onRetry={() => void refetch()} />;
  if (!d) return <Card loading />;

  const updated = (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t('device.updatedAt', {
        time: formatZonedTime(dataUpdatedAt, d.timeZone || userZone, 'HH:mm:ss', i18n.language),
      })}
    </Typography.Text>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        {/* who the device is first, wrapping on a phone rather than cut off by the buttons beside it */}
        <div style={header} data-testid="device-header">
          <Space wrap size={[8, 4]} style={{ minWidth: 0 }}>
            <Typography.Title level={5} style={{ margin: 0 }} data-testid="device-title">
              {d.name}
            </Typography.Title>
            <Typography.Text type="secondary" data-testid="device-sn">
              {d.sn}
            </Typography.Text>
            <OnlineTag state={d.onlineState} />
            <RunTag state={d.runState} />
          </Space>
          <Space wrap>
            <Link to={`/devices/devices_data_overview?id=${d.id}`}>
              <Button icon={<LineChartOutlined />} data-testid="open-data-overview">
                {t('device.dataOverview')}
              </Button>
            </Link>
            <Link to={`/devices/devices_update_log?id=${d.id}`}>
              <Button icon={<HistoryOutlined />} data-testid="open-update-log">
                {t('device.updateLog')}
              </Button>
            </Link>
            <OtaPushButton device={d} />
          </Space>
        </div>
        {/* on a phone each fact's name above its value, two facts a row (one a row made a screen of
            them); the last online time, which does not wrap, takes the whole row */}
        <Descriptions size="small" column={{ xs: 2, sm: 2, lg: 3 }} bordered layout={phone ? 'vertical' : 'horizontal'}>
          <Descriptions.Item label={t('device.name')}>{d.name}</Descriptions.Item>
          <Descriptions.Item label={t('device.sn')}>{d.sn}</Descriptions.Item>
          <Descriptions.Item label="ID">{d.id}</Descriptions.Item>
          <Descriptions.Item label="MAC">{d.mac ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('device.product')}>{d.productName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('device.type')}>{t(`device.types.${d.type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('device.commMode')}>
            {t(`device.comm.${d.commMode}`, { defaultValue: d.commMode })}
          </Descriptions.Item>
          <Descriptions.Item label={t('device.hwVersion')}>{d.hwVersion ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('device.swVersion')}>{d.swVersion ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('device.protocolVersion')}>{d.protocolVersion ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('device.lastOnline')} span={phone ? 2 : 1}>
            <span data-testid="device-last-online">
              <ZonedTime value={d.lastOnlineAt} timeZone={d.timeZone || userZone} relative />
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('device.plant')}>{d.plantName ?? t('device.unbound')}</Descriptions.Item>
          <Descriptions.Item label={t('device.org')}>{d.orgName}</Descriptions.Item>
          {d.parentSn && <Descriptions.Item label={t('device.parentSn')}>{d.parentSn}</Descriptions.Item>}
        </Descriptions>
      </Card>

      <DeviceFigures device={d} />

      <Card
        title={t('device.livePoints')}
        extra={
          <Space>
            {!phone && updated}
            <Button
              size="small"
              icon={<ReloadOutlined />}
              loading={reloading}
              onClick={() => {
                setReloading(true);
                void refetch().finally(() => setReloading(false));
              }}
              aria-label={t('device.refresh')}
            />
          </Space>
        }
      >
        {/* on a phone the sentence goes under the title, which it would otherwise squeeze to one letter */}
        {phone && <div style={{ marginBottom: 12 }}>{updated}</div>}
        <LivePoints device={d} />
      </Card>

      {d.subCount > 0 && (
        <Card title={t('device.subDevices', { count: d.subCount })}>
          <SubDevices device={d} />
        </Card>
      )}

      <DeviceControlSection device={d} />
    </Space>
  );
}
