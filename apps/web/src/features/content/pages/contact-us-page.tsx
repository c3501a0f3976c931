import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContactMessages } from '@/features/content/components/contact-messages';
import { ContentList } from '@/features/content/components/content-list';

/** /systems/contactUs: the contact details the help center shows, and the messages sent through its form. */
export default function ContactUsPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('route.contactUs')}>
      <Tabs
        items={[
          {
            key: 'details',
            label: t('helpCenter.contact.details'),
            children: <ContentList kinds={['contactUs']} testId="contact" />,
          },
          {
            key: 'messages',
            label: <span data-testid="contact-messages-tab">{t('helpCenter.contact.messages')}</span>,
            children: <ContactMessages />,
          },
        ]}
      />
    </Card>
  );
}
