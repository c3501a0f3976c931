import { HistoryOutlined, LineChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { LIVE_THROTTLE_MS, type DeviceDetail, type DeviceRow } from '@pv/contract';
import { Button, Card, Col, Descriptions, Empty, Row, Space, Statistic, Table } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatZonedTime, useUserTimeZone } from '@/lib/time-zone';
import { ZonedTime } from '@/components/zoned-time';
import { useFormat } from '@/lib/quantity';
import { useLiveDevices } from '@/lib/live';
import { listLoading } from '@/lib/use-paging';
import { useDevices } from '@/features/device/api/get-devices';
import { DeviceControlSection } from './control-panel-section';
import { DeviceFigures } from '@/features/device/components/device-figures';
import { OnlineTag, RunTag } from '@/components/device-state';
import { OtaPushButton } from '@/features/device/components/ota-push-button';
import { readingItems } from '@/features/device/components/point-label';
import { usePhone } from '@/lib/use-phone';
import { Text, Title } from '@/components/text';

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
 * A device's page once it is read (pages/device-detail-page.tsx shows the loading card and "not
 * found"): facts, figures, live points, sub devices, control and OTA. Loaded on demand, beside the
 * device's data, so that a page without a device does not load its tables and forms.
 */
export function DeviceDetailView({
  device: d,
  dataUpdatedAt,
  refetch,
}: {
  device: DeviceDetail;
  /** when the device was last read (epoch ms) */
  dataUpdatedAt: number;
  refetch: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  // the button turns while the reading its click asked for comes, not at each live refresh (every second)
  const [reloading, setReloading] = useState(false);
  // the device's times on its plant's clock; an unbound device's in the user's zone
  const userZone = useUserTimeZone(!d.timeZone);

  const updated = (
    <Text type="secondary" style={{ fontSize: 12 }}>
      {t('device.updatedAt', {
        time: formatZonedTime(dataUpdatedAt, d.timeZone || userZone, 'HH:mm:ss', i18n.language),
      })}
    </Text>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        {/* who the device is first, wrapping on a phone rather than cut off by the buttons beside it */}
        <div style={header} data-testid="device-header">
          <Space wrap size={[8, 4]} style={{ minWidth: 0 }}>
            <Title level={5} style={{ margin: 0 }} data-testid="device-title">
              {d.name}
            </Title>
            <Text type="secondary" data-testid="device-sn">
              {d.sn}
            </Text>
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
