import { Card, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/public-layout';
import { PublicContents } from '@/features/public/components/public-contents';

export default function GuidePage() {
  const { t } = useTranslation();
  return (
    <PublicLayout titleKey="public.title.guide">
      <Card className="pvf-public-card" style={{ maxWidth: 880 }}>
        <Typography.Title level={3}>{t('public.guide.title')}</Typography.Title>
        {/* the guide written on /systems/userGuide; the built-in steps until one is published */}
        <PublicContents
          kind="userGuide"
          fallback={
            <>
              <Typography.Paragraph>{t('public.guide.intro')}</Typography.Paragraph>
              <Steps
                direction="vertical"
                items={[1, 2, 3, 4].map((n) => ({
                  title: t(`public.guide.step${n}`),
                  description: t(`public.guide.step${n}Text`),
                }))}
              />
            </>
          }
        />
      </Card>
    </PublicLayout>
  );
}
