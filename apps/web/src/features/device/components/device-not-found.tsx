import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
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
