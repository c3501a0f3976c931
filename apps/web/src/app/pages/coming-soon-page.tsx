import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageRoute } from '../page-context';

/** The screens later releases fill in: the route, its menu and its permissions exist already. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const route = usePageRoute();
  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {route ? t(route.titleKey) : ''}
      </Typography.Title>
      <Empty description={t('layout.comingSoon')} style={{ padding: '48px 0' }} />
    </Card>
  );
}
