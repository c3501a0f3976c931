import { Card, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicShell } from '../../../components/public-shell';

export default function GuidePage() {
  const { t } = useTranslation();
  return (
    <PublicShell titleKey="route.guide">
      <Card style={{ maxWidth: 880, width: '100%' }}>
        <Typography.Title level={3}>{t('public.guide.title')}</Typography.Title>
        <Typography.Paragraph>{t('public.guide.intro')}</Typography.Paragraph>
        <Steps
          direction="vertical"
          items={[1, 2, 3, 4].map((n) => ({ title: t(`public.guide.step${n}`), description: t(`public.guide.step${n}Text`) }))}
        />
      </Card>
    </PublicShell>
  );
}
