import { Button } from 'antd';
import { Result } from '@/components/result';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http';
import { Link } from 'react-router';

/**
 * What a device page shows when the server answers 404 for its id: the device does not exist or
 * is outside the user's data scope (never "has not reported any data yet").
 */
export function DeviceNotFound() {
  const { t } = useTranslation();
  return (
    <div data-testid="device-not-found">
      <Result
        status="404"
        title={t('device.notFound')}
        extra={
          <Link to="/devices/devices__manage">
            <Button type="primary">{t('device.backToList')}</Button>
          </Link>
        }
      />
    </div>
  );
}

/**
 * A device page whose device could not be read: "not found" when the server says so (an unknown id
 * or one outside the caller's scope both answer 404), else the failure with a retry.
 */
export function DeviceUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.code === 404) return <DeviceNotFound />;
  return (
    <div data-testid="device-load-failed">
      <Result
        status="error"
        title={t('common.loadFailed')}
        subTitle={error instanceof Error ? error.message : undefined}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
