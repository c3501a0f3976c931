import { SearchOutlined } from '@ant-design/icons';
import type { SampleRow, SamplesQuery } from '@pv/contract';
import { Button, Card, DatePicker, Empty, Form, Space, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '@/components/remote-select';
import { formatTime } from '@/lib/format';
import { useFormat } from '@/lib/quantity';
import { useDevices } from '@/features/device/api/get-devices';
import { useSamples } from '@/features/device/api/get-samples';
import { pointLabel } from '@/features/device/components/point-label';
import { ExportButton } from '@/components/export-button';

interface Filters {
  deviceId?: number;
  range: [Dayjs, Dayjs];
}

const PAGE_SIZES = [50, 100, 200, 500];
/** The range is picked in the browser's time zone, so the sample times are shown in it too. */
const LOCAL_TZ = Intl.DateTimeFormat().resolvedOptions().timeZone;
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
      data-testid="data-device"
    />
  );
}

/** /devices/data: a device's raw samples in a time range, paged by the server, exported as .xlsx. */
export default function DataAcquisitionPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<SamplesQuery | undefined>();
  const { data, isFetching } = useSamples(query);
  const search = ({ deviceId, range }: Filters) => {
    if (!deviceId) return;
    setQuery({
      deviceId,
      start: range[0].valueOf(),
      end: range[1].valueOf(),
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
        width: 180,
        fixed: 'left' as const,
        render: (v: number) => formatTime(v, undefined, LOCAL_TZ),
      },
      // raw samples as sent (to three decimals, in the language's writing), the unit in the column's title
      ...(data?.points ?? []).map((p) => ({
        title: pointLabel(t, p),
        key: p,
        width: 130,
        align: 'right' as const,
        render: (_: unknown, r: SampleRow) => {
          const v = r.points[p];
          return v === undefined || v === null ? '—' : typeof v === 'number' ? f.plain(v, 3) : String(v);
        },
      })),
    ],
    [data?.points, t, f],
  );
  const width = 180 + (data?.points.length ?? 0) * 130;
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
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
            data-testid="data-range"
          />
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
