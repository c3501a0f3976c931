import { BugOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLog } from '@/stores/error-log';

// the list (drawer, tags, list) loads when the badge is first clicked, not with every page
const ErrorLogDrawer = lazy(() => import('./error-log-drawer').then((m) => ({ default: m.ErrorLogDrawer })));

/**
 * The navbar's error-log badge (spec §3 "Error logs"): shown once this console met an error (an
 * uncaught error, a failed page, a failed request), with the list of them; they are reported to
 * the server on their own (lib/error-reporter).
 */
export function ErrorLogBadge() {
  const { t } = useTranslation();
  const count = useErrorLog((s) => s.logs.length);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (!count) return null;
  return (
    <>
      <Tooltip title={t('helpCenter.errorLog.badge')}>
        <button
          type="button"
          className="pv-icon-button"
          aria-label={t('helpCenter.errorLog.badge')}
          data-testid="error-log-badge"
          onClick={() => {
            setUsed(true);
            setOpen(true);
          }}
        >
          <Badge count={count} size="small" overflowCount={49} offset={[2, -2]}>
            <BugOutlined style={{ fontSize: 18, color: 'inherit' }} />
          </Badge>
        </button>
      </Tooltip>
      {used && (
        <Suspense fallback={null}>
          <ErrorLogDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
