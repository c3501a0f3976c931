import { HISTORY_RANGES, historyWindow } from '@pv/contract';
import { Button, Card, Empty, Segmented, Space, Spin } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZonedTime } from '@/components/zoned-time';
import { useUserTimeZone } from '@/lib/time-zone';
import { useDevice } from '@/features/device/api/get-device';
import { useDevicePoints } from '@/features/device/api/get-device-points';
import { usePointHistory } from '@/features/device/api/get-point-history';
import { pointName } from '@/features/device/components/point-label';
import { useDeviceId } from '@/features/device/components/use-device-id';
import { DeviceNotFound, DeviceUnavailable } from '@/features/device/components/device-not-found';
import { lazyNamed } from '@/components/lazy-modal';
import { LazySelect } from '@/components/lazy-select';
import { Text } from '@/components/text';

// the chart (ECharts) loads on demand: a page without a device does not load it, a device's page
// loads it while its points are read
const loadChart = () => import('@/features/device/components/point-chart');
const PointChart = lazyNamed(loadChart, 'PointChart');
/** PointChart's own height: the space is kept while its code loads */
const CHART_HEIGHT = 360;

/** /devices/devices_data_overview?id=: any point of a device over the §9 history ranges, from rollups. */
export default function DeviceDataOverviewPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const device = useDevice(id);
  const points = useDevicePoints(id);
  const [chosen, setChosen] = useState<string | undefined>();
  const [range, setRange] = useState<number>(0);
  const list = points.data?.points ?? [];
  const point = chosen ?? (list.includes('acPower') ? 'acPower' : list[0]);
  const history = usePointHistory(id, point, range);
  // the plant's clock; an unbound device's in the user's zone
  const plantZone = device.data?.timeZone;
  const userZone = useUserTimeZone(!!device.data && !plantZone);
  const zone = plantZone || userZone;
  const series = history.data?.series ?? [];
  const latest = series[series.length - 1];
  useEffect(() => {
    if (id) void loadChart();
  }, [id]);
  // an unknown id, or one outside the user's scope, is not a device without data
  if (!id) return <DeviceNotFound />;
  if (device.isError && !device.data)
    return <DeviceUnavailable error={device.error} onRetry={() => void device.refetch()} />;

  return (
    <Card
      title={
        <Space wrap>
          {t('device.dataOverview')}
          {device.data && <Text type="secondary">{`${device.data.name} · ${device.data.sn}`}</Text>}
        </Space>
      }
      extra={
        <Link to={`/devices/devices_detail?id=${id}`}>
          <Button>{t('device.backToDetail')}</Button>
        </Link>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <span>{t('device.point')}</span>
        <LazySelect<string>
          style={{ width: 220 }}
          showSearch
          loading={points.isFetching}
          value={point}
          onChange={setChosen}
          options={list.map((p) => ({ value: p, label: pointName(t, p, device.data?.type) }))}
          data-testid="overview-point"
        />
        <Segmented<number>
          value={range}
          onChange={setRange}
          options={HISTORY_RANGES.map((r) => ({
            value: r,
            label:
              r === 0
                ? t('device.range.realtime')
                : r === 1
                  ? t('device.range.oneDay')
                  : t('device.range.days', { count: r }),
          }))}
          data-testid="overview-range"
        />
      </Space>
      <Spin spinning={history.isFetching}>
        {history.data?.series.length ? (
          <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
            <PointChart
              series={history.data.series}
              name={pointName(t, point ?? '', device.data?.type)}
              point={point}
              stepMs={history.data.stepMs}
              span={historyWindow(range, history.dataUpdatedAt)}
              timeZone={zone}
              height={CHART_HEIGHT}
            />
          </Suspense>
        ) : (
          <Empty
            style={{ padding: 80 }}
            description={point ? t('device.noHistory') : t('device.noPoints')}
            data-testid="overview-empty"
          />
        )}
      </Spin>
      {history.data && (
        <Space wrap size={16}>
          <Text type="secondary" style={{ fontSize: 12 }}>
            {t(history.data.stepMs >= 3600_000 ? 'device.range.hourly' : 'device.range.fiveMinutes')}
          </Text>
          {latest && (
            <Text type="secondary" style={{ fontSize: 12 }} data-testid="overview-latest">
              {t('time.latestValue')} <ZonedTime value={latest[0]} timeZone={zone} />
            </Text>
          )}
        </Space>
      )}
    </Card>
  );
}
