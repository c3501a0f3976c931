import { Card, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PublicLayout } from '@/components/public-layout';

/** /HelpCenter: the introduction and the products side by side with a menu. */
export default function HelpCenterLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <PublicLayout titleKey={pathname === '/product' ? 'public.title.product' : 'public.title.introduction'}>
      <Card
        className="pvf-public-card"
        style={{ maxWidth: 1080 }}
        styles={{ body: { display: 'flex', gap: 24, flexWrap: 'wrap' } }}
      >
        <Menu
          style={{ width: 200, borderInlineEnd: 'none' }}
          selectedKeys={[pathname]}
          items={[
            { key: '/introduction', label: <Link to="/introduction">{t('public.title.introduction')}</Link> },
            { key: '/product', label: <Link to="/product">{t('public.title.product')}</Link> },
          ]}
        />
        <div style={{ flex: 1, minWidth: 260 }}>
          <Outlet />
        </div>
      </Card>
    </PublicLayout>
  );
}
