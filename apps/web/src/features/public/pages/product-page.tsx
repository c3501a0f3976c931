import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const PRODUCTS = ['inverter', 'collector', 'battery', 'meter'] as const;

export default function ProductPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={3}>{t('public.title.product')}</Typography.Title>
      <Row gutter={[16, 16]}>
        {PRODUCTS.map((p) => (
          <Col xs={24} md={12} key={p}>
            <Card title={t(`public.product.${p}`)} size="small">
              {t(`public.product.${p}Text`)}
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
