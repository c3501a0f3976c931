import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicShell } from '../../../components/public-shell';

export default function CustomerCancelPage() {
  const { t } = useTranslation();
  return (
    <PublicShell titleKey="route.customerCancel">
      <Card style={{ maxWidth: 720, width: '100%' }}>
        <Typography.Title level={3}>{t('route.customerCancel')}</Typography.Title>
        <Typography.Paragraph>{t('public.cancel.intro')}</Typography.Paragraph>
        <ul>
          {[1, 2, 3].map((n) => (
            <li key={n}>
              <Typography.Text>{t(`public.cancel.point${n}`)}</Typography.Text>
            </li>
          ))}
        </ul>
        <Typography.Paragraph type="secondary">{t('public.cancel.contact')}</Typography.Paragraph>
      </Card>
    </PublicShell>
  );
}
