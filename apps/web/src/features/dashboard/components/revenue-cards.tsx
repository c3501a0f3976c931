import type { RevenueFigures } from '@pv/contract';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';
import { useFleetRevenue } from '@/features/dashboard/api/get-fleet-revenue';
import { SummaryTable, type SummaryColumn } from '@/components/summary-table';
import { Text } from '@/components/text';

/**
 * The fleet's revenue per currency: today (each plant's local day), this month, this year and in
 * total, a currency to a row. Several currencies are shown one under the other, never added
 * together. While the figures load, a placeholder row holds the first one's place (nothing below
 * jumps when they arrive).
 */
export function RevenueCards() {
  const { t, i18n } = useTranslation();
  const { data, isFetched } = useFleetRevenue();
  const figure = (pick: (r: RevenueFigures) => number) => (r: RevenueFigures) =>
    formatMoney(pick(r), r.currency, i18n.language);
  const columns: SummaryColumn<RevenueFigures>[] = [
    { key: 'currency', title: t('tariff.currency'), render: (r) => r.currency },
    { key: 'plants', title: t('tariff.plants'), align: 'right', render: (r) => r.plants },
    { key: 'today', title: t('tariff.revenueToday'), align: 'right', render: figure((r) => r.today) },
    { key: 'month', title: t('tariff.revenueMonth'), align: 'right', render: figure((r) => r.month) },
    { key: 'year', title: t('tariff.revenueYear'), align: 'right', render: figure((r) => r.year) },
    { key: 'total', title: t('tariff.revenueTotal'), align: 'right', render: figure((r) => r.total) },
  ];
  return (
    <Card title={t('tariff.fleetRevenue')} size="small" data-testid="dashboard-revenue">
      {isFetched && !data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tariff.noFleetRevenue')} />
      ) : (
        // a phone scrolls the figures sideways rather than breaking them
        <div className="pv-summary-scroll" aria-busy={!data}>
          <SummaryTable<RevenueFigures>
            columns={columns}
            rows={data ?? []}
            loading={!data}
            rowKey={(r) => r.currency}
            rowTestId={(r) => `dashboard-revenue-${r.currency}`}
            empty={null}
            data-testid="dashboard-revenue-table"
          />
        </div>
      )}
      {!!data?.length && (
        // "today" on a fleet of many zones: the same definition as the production figure
        <Text
          type="secondary"
          style={{ display: 'block', fontSize: 12, marginTop: 8 }}
          data-testid="dashboard-revenue-today-note"
        >
          {t('tariff.fleetToday')}
        </Text>
      )}
    </Card>
  );
}
