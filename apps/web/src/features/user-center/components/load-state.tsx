import { Button, Card, Skeleton } from 'antd';
import { Result } from '@/components/result';
import { useTranslation } from 'react-i18next';

/** What a user-center card shows until its data is there: a skeleton, or the failure with a retry. */
export function LoadState({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card style={{ maxWidth: 760 }}>
      {isError ? (
        <Result
          status="warning"
          title={t('common.loadFailed')}
          extra={
            <Button onClick={onRetry} data-testid="load-retry">
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}
