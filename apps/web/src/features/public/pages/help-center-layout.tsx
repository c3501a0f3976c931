import { Card, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PublicShell } from '../../../components/public-shell';

/** /HelpCenter: the introduction and the products side by side with a menu. */
export default function HelpCenterLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <PublicShell titleKey={pathname === '/product' ? 'route.product' : 'route.introduction'}>
      <Card style={{ maxWidth: 1080, width: '100%' }} styles={{ body: { display: 'flex', gap: 24, flexWrap: 'wrap' } }}>
        <Menu
          style={{ width: 200, borderInlineEnd: 'none' }}
          selectedKeys={[pathname]}
          items={[
            { key: '/introduction', label: <Link to="/introduction">{t('route.introduction')}</Link> },
            { key: '/product', label: <Link to="/product">{t('route.product')}</Link> },
          ]}
        />
        <div style={{ flex: 1, minWidth: 260 }}>
          <Outlet />
        </div>
      </Card>
    </PublicShell>
  );
}
