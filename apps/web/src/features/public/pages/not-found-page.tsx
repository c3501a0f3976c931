import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '@/lib/brand';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle('public.title.notFound');
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('public.notFound')}
      data-testid="not-found"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('public.backHome')}
        </Button>
      }
    />
  );
}
