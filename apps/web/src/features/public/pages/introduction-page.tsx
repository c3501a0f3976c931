import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export default function IntroductionPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={3}>{t('public.title.introduction')}</Typography.Title>
      <Typography.Paragraph>{t('public.intro.p1')}</Typography.Paragraph>
      <Typography.Paragraph>{t('public.intro.p2')}</Typography.Paragraph>
    </>
  );
}
