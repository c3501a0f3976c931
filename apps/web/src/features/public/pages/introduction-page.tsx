import { Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContactForm } from '@/features/public/components/contact-form';
import { PublicContents } from '@/features/public/components/public-contents';

/** /introduction: what the platform is, the published FAQs, the contact details and the contact form. */
export default function IntroductionPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={3}>{t('public.title.introduction')}</Typography.Title>
      <Typography.Paragraph>{t('public.intro.p1')}</Typography.Paragraph>
      <Typography.Paragraph>{t('public.intro.p2')}</Typography.Paragraph>
      <Typography.Title level={4}>{t('helpCenter.public.faqs')}</Typography.Title>
      <PublicContents
        kind="faqs"
        folded
        fallback={<Typography.Text type="secondary">{t('helpCenter.public.noFaqs')}</Typography.Text>}
      />
      <Divider />
      <Typography.Title level={4}>{t('route.contactUs')}</Typography.Title>
      <PublicContents kind="contactUs" level={5} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('helpCenter.public.writeUs')}
      </Typography.Title>
      <ContactForm />
    </>
  );
}
