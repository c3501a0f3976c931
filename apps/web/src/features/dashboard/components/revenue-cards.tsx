import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';
import { useFleetRevenue } from '@/features/dashboard/api/get-fleet-revenue';

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
        <Row gutter={[12, 12]}>
          {(data ?? []).map((r) => (
            <Col
              key={r.currency}
              xs={24}
              lg={data!.length > 1 ? 12 : 24}
              data-testid={`dashboard-revenue-${r.currency}`}
            >
              <Typography.Text type="secondary">
                {r.currency} · {t('tariff.fleetPlants', { count: r.plants })}
              </Typography.Text>
              <Row gutter={[8, 8]}>
                <Col xs={12} md={6}>
                  <Statistic title={t('tariff.revenueToday')} value={money(r.today, r.currency)} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('tariff.revenueMonth')} value={money(r.month, r.currency)} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('tariff.revenueYear')} value={money(r.year, r.currency)} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('tariff.revenueTotal')} value={money(r.total, r.currency)} />
                </Col>
              </Row>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
