import { Card, Empty, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';
import { useFleetRevenue } from '@/features/dashboard/api/get-fleet-revenue';
import { Text } from '@/components/text';

/**
 * The fleet's revenue per currency: today (each plant's local day), this month, this year and in
 * total. Several currencies are shown side by side, never added together.
 */
export function RevenueCards() {
  const { t, i18n } = useTranslation();
  const { data, isFetched } = useFleetRevenue();
  const money = (v: number, c: string) => formatMoney(v, c, i18n.language);
  return (
    <Card title={t('tariff.fleetRevenue')} size="small" data-testid="dashboard-revenue">
      {isFetched && !data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tariff.noFleetRevenue')} />
      ) : (
        // CSS grids, not antd's Row/Col (see KpiCards): a currency to a row, two side by side from lg
        <div className={`pv-revenue-grid${(data?.length ?? 0) > 1 ? ' pv-revenue-grid-pair' : ''}`}>
          {(data ?? []).map((r) => (
            <div key={r.currency} data-testid={`dashboard-revenue-${r.currency}`}>
              <Text type="secondary">
                {r.currency} · {t('tariff.fleetPlants', { count: r.plants })}
              </Text>
              <div className="pv-revenue-figures">
                <Statistic title={t('tariff.revenueToday')} value={money(r.today, r.currency)} />
                <Statistic title={t('tariff.revenueMonth')} value={money(r.month, r.currency)} />
                <Statistic title={t('tariff.revenueYear')} value={money(r.year, r.currency)} />
                <Statistic title={t('tariff.revenueTotal')} value={money(r.total, r.currency)} />
              </div>
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
