import { REVENUE_RANGES, currencyDigits, type PlantRevenue, type PlantRow, type RevenueRange } from '@pv/contract';
import { Card, Col, Empty, Flex, Row, Segmented, Statistic } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Chart, type ChartOption } from '@/components/chart';
import { SummaryTable } from '@/components/summary-table';
import { DatePicker } from '@/components/date-pickers';
import { dayLabel } from '@/lib/format';
import { formatMoney } from '@/lib/money';
import { useFormat } from '@/lib/quantity';
import { useHasPerm } from '@/lib/access';
import { TARIFFS_PAGE } from '@/features/plant/tariffs-page';
import { periodLabel } from '@/lib/tariff-period';
import { usePlantRevenue } from '@/features/plant/api/get-plant-revenue';

const PICKER: Record<RevenueRange, 'date' | 'month' | 'year'> = { day: 'date', month: 'month', year: 'year' };

/** One stacked bar per day (or month) with a part per time-of-use period, amounts in the currency. */
function chartOf(
  r: PlantRevenue,
  money: (v: number) => string,
  language: string,
  label: (period: string) => string,
): ChartOption {
  const periods = [...new Set(r.series.flatMap((s) => s.byPeriod.map((p) => p.period)))];
  const scale = 10 ** (r.currency ? currencyDigits(r.currency) : 2);
  return {
    grid: { left: 64, right: 16, top: 24, bottom: 32 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => money(Math.round(Number(v) * scale)) },
    xAxis: { type: 'category', data: r.series.map((s) => dayLabel(s.label, language)) },
    yAxis: { type: 'value', name: r.currency ?? '' },
    series: periods.map((period) => ({
      name: label(period),
      type: 'bar',
      stack: 'revenue',
      barMaxWidth: 28,
      data: r.series.map((s) => (s.byPeriod.find((p) => p.period === period)?.amount ?? 0) / scale),
    })),
  };
}

/**
 * The plant's revenue (issue 20): today, the month, the year and in total from the list row; the
 * chosen day, month or year by time-of-use period, with a chart. A plant without a tariff says so
 * instead of showing a figure.
 */
export function RevenueCard({ plant }: { plant: PlantRow }) {
  const { t, i18n } = useTranslation();
  const can = useHasPerm();
  const f = useFormat();
  const [range, setRange] = useState<RevenueRange>('day');
  const [date, setDate] = useState<Dayjs | null>(null);
  const { data } = usePlantRevenue(plant.id, range, date ? date.format('YYYY-MM-DD') : undefined);
  const currency = plant.currency;
  const money = (v: number) => (currency ? formatMoney(v, currency, i18n.language) : '—');
  const option = useMemo(
    () => (data?.currency ? chartOf(data, money, i18n.language, (p) => periodLabel(t, p)) : undefined),
    [data, i18n.language], // eslint-disable-line react-hooks/exhaustive-deps
  );

  if (!currency)
    return (
      <Card title={t('tariff.revenue')} size="small" data-testid="plant-revenue">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tariff.noTariff')}>
          {can('price:list') && (
            <Link to={TARIFFS_PAGE} data-testid="plant-revenue-tariffs">
              {t('tariff.setUpTariffs')}
            </Link>
          )}
        </Empty>
      </Card>
    );
  return (
    <Card
      title={t('tariff.revenue')}
      size="small"
      data-testid="plant-revenue"
      extra={
        <Flex gap={8} wrap>
          <Segmented<RevenueRange>
            size="small"
            value={range}
            onChange={(v) => setRange(v)}
            options={REVENUE_RANGES.map((r) => ({ value: r, label: t(`tariff.range.${r}`) }))}
            data-testid="revenue-range"
          />
          <DatePicker
            size="small"
            picker={PICKER[range]}
            value={date}
            onChange={setDate}
            allowClear
            style={{ width: 150 }}
          />
        </Flex>
      }
    >
      <Row gutter={[12, 12]} style={{ marginBottom: 8 }}>
        <Col xs={12} sm={6}>
          <Statistic
            title={t('tariff.revenueToday')}
            value={money(plant.revenueToday ?? 0)}
            data-testid="revenue-today"
          />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title={t('tariff.revenueTotal')} value={money(plant.revenueTotal ?? 0)} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic
            title={`${t(`tariff.range.${range}`)} ${data ? (range === 'day' ? data.from : range === 'month' ? data.from.slice(0, 7) : data.from.slice(0, 4)) : ''}`}
            value={money(data?.amount ?? 0)}
            data-testid="revenue-range-amount"
          />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title={t('tariff.energy')} value={f.energy(data?.kwh ?? 0)} />
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={16}>
          {option && <Chart option={option} height={220} label={t('tariff.revenue')} data-testid="revenue-chart" />}
        </Col>
        <Col xs={24} lg={8}>
          <SummaryTable<PlantRevenue['byPeriod'][number]>
            rows={data?.byPeriod ?? []}
            rowKey={(r) => r.period}
            empty={t('tariff.noRevenueInRange')}
            data-testid="revenue-periods"
            columns={[
              { key: 'period', title: t('tariff.byPeriod'), render: (r) => periodLabel(t, r.period) },
              { key: 'kwh', title: t('tariff.energy'), align: 'right', render: (r) => f.energy(r.kwh) },
              { key: 'amount', title: t('tariff.amount'), align: 'right', render: (r) => money(r.amount) },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
