import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/public-layout';

export default function CustomerCancelPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout titleKey="public.title.customerCancel">
      <Card className="pvf-public-card" style={{ maxWidth: 720 }}>
        <Typography.Title level={3}>{t('public.title.customerCancel')}</Typography.Title>
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
    </PublicLayout>
  );
}
