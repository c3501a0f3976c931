import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContentList } from '@/features/content/components/content-list';

/** /systems/faqs: the questions and answers the help center shows. */
export default function FaqsPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('route.faqs')}>
      <ContentList kinds={['faqs']} testId="faqs" />
    </Card>
  );
}
