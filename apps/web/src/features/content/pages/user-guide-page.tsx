import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContentList } from '@/features/content/components/content-list';

/** /systems/userGuide: the public guide (/guide) and the privacy policy (/policy). */
export default function UserGuidePage() {
  const { t } = useTranslation();
  return (
    <Card title={t('route.userGuide')}>
      <ContentList kinds={['userGuide', 'policy']} testId="guide" />
    </Card>
  );
}
