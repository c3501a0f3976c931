import { Card, Tabs } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '@/components/lazy-modal';
import { ContentList } from '@/features/content/components/content-list';

// the messages tab loads when it is first opened (issue 22's budgets)
const ContactMessages = lazyNamed(() => import('@/features/content/components/contact-messages'), 'ContactMessages');

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
            children: (
              <Suspense fallback={null}>
                <ContactMessages />
              </Suspense>
            ),
          },
        ]}
      />
    </Card>
  );
}
