import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicShell } from '../../../components/public-shell';

export default function PolicyPage() {
  const { t } = useTranslation();
  return (
    <PublicShell titleKey="route.policy">
      <Card style={{ maxWidth: 880, width: '100%' }}>
        <Typography.Title level={3}>{t('route.policy')}</Typography.Title>
        {['collect', 'use', 'keep', 'rights'].map((k) => (
          <div key={k}>
            <Typography.Title level={5}>{t(`public.policy.${k}Title`)}</Typography.Title>
            <Typography.Paragraph>{t(`public.policy.${k}`)}</Typography.Paragraph>
          </div>
        ))}
      </Card>
    </PublicShell>
  );
}
