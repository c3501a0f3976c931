import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageRoute } from '@/app/page-context';

/** The screens later releases fill in: the route, its menu and its permissions exist already. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const route = usePageRoute();
  return (
    <Card variant="borderless" className="pv-page-card" data-testid="coming-soon">
      <Typography.Title level={4} className="pv-page-title">
        {route ? t(route.titleKey) : ''}
      </Typography.Title>
      <Empty
        image={<ClockCircleOutlined className="pv-coming-soon-icon" />}
        styles={{ image: { height: 64 } }}
        description={<Typography.Text type="secondary">{t('layout.comingSoon')}</Typography.Text>}
        style={{ padding: '56px 0' }}
      />
    </Card>
  );
}
