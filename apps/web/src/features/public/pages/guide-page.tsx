import { Card, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/public-layout';

export default function GuidePage() {
  const { t } = useTranslation();
  return (
    <PublicLayout titleKey="public.title.guide">
      <Card className="pvf-public-card" style={{ maxWidth: 880 }}>
        <Typography.Title level={3}>{t('public.guide.title')}</Typography.Title>
        <Typography.Paragraph>{t('public.guide.intro')}</Typography.Paragraph>
        <Steps
          direction="vertical"
          items={[1, 2, 3, 4].map((n) => ({
            title: t(`public.guide.step${n}`),
            description: t(`public.guide.step${n}Text`),
          }))}
        />
      </Card>
    </PublicLayout>
  );
}
