import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/public-layout';
import { BRAND } from '@/lib/brand';
import { PublicContents } from '@/features/public/components/public-contents';

export default function PolicyPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout titleKey="public.title.policy">
      <Card className="pvf-public-card" style={{ maxWidth: 880 }}>
        <Typography.Title level={3}>{t('public.title.policy')}</Typography.Title>
        {/* the policy written on /systems/userGuide; the built-in text until one is published */}
        <PublicContents
          kind="policy"
          level={5}
          fallback={['collect', 'use', 'keep', 'rights'].map((k) => (
            <div key={k}>
              <Typography.Title level={5}>{t(`public.policy.${k}Title`)}</Typography.Title>
              <Typography.Paragraph>{t(`public.policy.${k}`)}</Typography.Paragraph>
            </div>
          ))}
        />
        {/* the operator of this white label (BRAND) and how to reach them */}
        <Typography.Title level={5}>{t('public.policy.contactTitle')}</Typography.Title>
        <Typography.Paragraph data-testid="policy-contact">
          {t('public.policy.contact', { operator: BRAND.operator })}{' '}
          <a href={`mailto:${BRAND.contactEmail}`} style={{ textDecoration: 'underline' }}>
            {BRAND.contactEmail}
          </a>
        </Typography.Paragraph>
      </Card>
    </PublicLayout>
  );
}
