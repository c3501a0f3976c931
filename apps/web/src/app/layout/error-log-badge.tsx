import { BugOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { lazy, Suspense, use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAllMessages } from '@/lib/i18n';
import { useErrorLog } from '@/stores/error-log';

// the list (drawer, tags, list) loads when the badge is first clicked, not with every page
const ErrorLogDrawer = lazy(() =>
  Promise.all([import('./error-log-drawer'), loadAllMessages()]).then(([m]) => ({ default: m.ErrorLogDrawer })),
);

/**
 * The navbar's error-log badge (spec §3 "Error logs"): shown once this console met an error (an
 * uncaught error, a failed page, a failed request), with the list of them; they are reported to
 * the server on their own (lib/error-reporter).
 */
export function ErrorLogBadge() {
  const count = useErrorLog((s) => s.logs.length);
  if (!count) return null;
  // its texts are the error log's (helpCenter), not among the shell's first ones (lib/message-parts.ts)
  return (
    <Suspense fallback={null}>
      <ErrorLogButton count={count} />
    </Suspense>
  );
}

function ErrorLogButton({ count }: { count: number }) {
  use(loadAllMessages());
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
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
