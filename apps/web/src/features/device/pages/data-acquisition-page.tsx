import { SearchOutlined } from '@ant-design/icons';
import type { SampleRow, SamplesQuery } from '@pv/contract';
import { Button, Card, DatePicker, Empty, Form, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '@/components/remote-select';
import { ZonedTime } from '@/components/zoned-time';
import { localFormat } from '@/lib/format';
import { useFormat } from '@/lib/quantity';
import { browserTimeZone, useUserTimeZone, zoneAbbreviation } from '@/lib/time-zone';
import { useDevice } from '@/features/device/api/get-device';
import { useDevices } from '@/features/device/api/get-devices';
import { useSamples } from '@/features/device/api/get-samples';
import { pointLabel } from '@/features/device/components/point-label';
import { ExportButton } from '@/components/export-button';

interface Filters {
  deviceId?: number;
  range: [Dayjs, Dayjs];
}

const PAGE_SIZES = [50, 100, 200, 500];
const WALL = 'YYYY-MM-DD HH:mm:ss';

/**
 * The range picker knows only the browser's clock: it is given the zone's wall-clock times as if
 * they were the browser's, and what it answers is read back as wall-clock times of the zone.
 */
const toWall = (ms: number, zone: string): Dayjs => dayjs(dayjs(ms).tz(zone).format(WALL));
const fromWall = (wall: Dayjs, zone: string): number => dayjs.tz(wall.format(WALL), zone).valueOf();
/** The time column: a date, a time and the zone's name. */
const TIME_WIDTH = 230;
/** Beyond this many rows a page renders only what is on screen (antd virtual table). */
const VIRTUAL_FROM = 100;

const useDeviceOptions = (sn: string) => {
  const { data, isFetching } = useDevices({ pageNum: 1, pageSize: 20, sn: sn || undefined });
  return {
    options: (data?.rows ?? []).map((d) => ({ value: d.id, label: `${d.sn} · ${d.name}` })),
    loading: isFetching,
  };
};

function DeviceSearch({ value, onChange }: { value?: number; onChange?: (v: number) => void }) {
  const { t } = useTranslation();
  return (
    <RemoteSelect<number>
      useOptions={useDeviceOptions}
      value={value}
      onChange={(v) => v !== null && onChange?.(v)}
      placeholder={t('device.data.searchSn')}
      style={{ width: 260 }}
      aria-label={t('device.data.device')}
      data-testid="data-device"
    />
  );
}

/** /devices/data: a device's raw samples in a time range, paged by the server, exported as .xlsx. */
export default function DataAcquisitionPage() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<SamplesQuery | undefined>();
  const { data, isFetching } = useSamples(query);
  // the range and the sample times on the chosen device's plant clock (else the user's zone)
  const deviceId = Form.useWatch('deviceId', form);
  const device = useDevice(deviceId ?? 0);
  const plantZone = deviceId ? device.data?.timeZone : undefined;
  const userZone = useUserTimeZone(!plantZone);
  const zone = plantZone || userZone;
  const shownZone = useRef(browserTimeZone());
  useEffect(() => {
    // a new zone shows the same instants on its own clock
    const from = shownZone.current;
    shownZone.current = zone;
    const range = form.getFieldValue('range') as Filters['range'] | undefined;
    if (from === zone || !range) return;
    form.setFieldValue('range', [toWall(fromWall(range[0], from), zone), toWall(fromWall(range[1], from), zone)]);
  }, [zone, form]);
  // the samples listed are of the device searched for, on its clock (another may be chosen since)
  const [queriedZone, setQueriedZone] = useState<string>();
  const search = ({ deviceId, range }: Filters) => {
    if (!deviceId) return;
    setQueriedZone(zone);
    setQuery({
      deviceId,
      start: fromWall(range[0], zone),
      end: fromWall(range[1], zone),
      pageNum: 1,
      pageSize: query?.pageSize ?? 100,
    });
  };

  const columns = useMemo(
    () => [
      {
        title: t('device.data.time'),
        dataIndex: 'ts',
        key: 'ts',
        width: TIME_WIDTH,
        fixed: 'left' as const,
        render: (v: number) => <ZonedTime value={v} timeZone={queriedZone ?? zone} />,
      },
      // raw samples as sent (to three decimals, in the language's writing), the unit in the column's title
      ...(data?.points ?? []).map((p) => ({
        title: pointLabel(t, p, device.data?.type),
        key: p,
        width: 130,
        align: 'right' as const,
        render: (_: unknown, r: SampleRow) => {
          const v = r.points[p];
          return v === undefined || v === null ? '—' : typeof v === 'number' ? f.plain(v, 3) : String(v);
        },
      })),
    ],
    [data?.points, t, f, zone, queriedZone, device.data?.type],
  );
  const width = TIME_WIDTH + (data?.points.length ?? 0) * 130;
  const large = (query?.pageSize ?? 0) > VIRTUAL_FROM;

  return (
    <Card>
      <Form<Filters>
        form={form}
        name="data-filter"
        layout="inline"
        initialValues={{ range: [dayjs().subtract(1, 'hour'), dayjs()] }}
        onFinish={search}
        style={{ rowGap: 8, marginBottom: 12 }}
      >
        <Form.Item
          name="deviceId"
          label={t('device.data.device')}
          rules={[{ required: true, message: t('device.required', { field: t('device.data.device') }) }]}
        >
          <DeviceSearch />
        </Form.Item>
        <Form.Item
          name="range"
          label={t('device.data.range')}
          rules={[{ required: true, message: t('device.required', { field: t('device.data.range') }) }]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format={localFormat('YYYY-MM-DD HH:mm', i18n.language)}
            allowClear={false}
            disabledDate={(d) => d.isAfter(toWall(Date.now(), zone).endOf('day'))}
            data-testid="data-range"
          />
        </Form.Item>
        <Form.Item>
          <Typography.Text type="secondary" title={zone} data-testid="data-zone">
            {t('time.dataRangeZone', { zone: `${zoneAbbreviation(zone)} · ${zone}` })}
          </Typography.Text>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="data-search">
            {t('common.search')}
          </Button>
        </Space>
      </Form>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'flex-end', marginBottom: 12 }}>
        <ExportButton
          path="/data/samples/export"
          query={query}
          perm="data:export"
          testId="data-export"
          doneKey="device.exported"
        />
      </div>
      {query ? (
        <Table<SampleRow>
          rowKey="ts"
          size="small"
          loading={isFetching}
          columns={columns}
          dataSource={data?.rows ?? []}
          virtual={large}
          scroll={large ? { x: width, y: 560 } : { x: 'max-content' }}
          data-testid="samples-table"
          pagination={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total) => t('device.data.total', { count: total }),
            onChange: (pageNum, pageSize) =>
              setQuery({ ...query, pageNum: pageSize === query.pageSize ? pageNum : 1, pageSize }),
          }}
        />
      ) : (
        <Empty description={t('device.data.choose')} style={{ padding: 60 }} />
      )}
    </Card>
  );
}
