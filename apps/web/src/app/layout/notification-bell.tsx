import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Popover, Spin, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAllMessages } from '@/lib/i18n';
import { faultsKey, notificationsKey } from '@/api/query-keys';
import { useLiveEvents } from '@/lib/live';
import { useApp } from '@/stores/app';
import { LazyDrawer } from '@/components/lazy-drawer';
import { unreadCountQuery, useUnreadCount } from '@/features/notification/api/get-unread-count';

// The panel (its list, tabs and time zones) loads when the bell is first opened, not with every page.
const NotificationPanel = lazy(() =>
  Promise.all([import('@/features/notification/components/notification-panel'), loadAllMessages()]).then(([m]) => ({
    default: m.NotificationPanel,
  })),
);

/**
 * The navbar's bell: the unread count, kept current by the event stream (`notifications` carries
 * the new count), and a panel of the newest notifications.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const { data } = useUnreadCount();
  const unread = data?.unread ?? 0;
  useLiveEvents((event) => {
    if (event.type !== 'notifications') return;
    qc.setQueryData(unreadCountQuery().queryKey, { unread: event.unread });
    void qc.invalidateQueries({ queryKey: [...notificationsKey, 'list'] });
    // a new notification is a new fault: the fault list and its counts follow
    void qc.invalidateQueries({ queryKey: faultsKey });
  });
  const label = t('notification.bell', { count: unread });
  // a phone or a tablet: the panel slides in over the page instead of hanging off the bell
  const desktop = useApp((a) => a.device) === 'desktop';
  const button = (
    <button
      type="button"
      className="pv-icon-button"
      aria-label={label}
      data-testid="bell"
      onClick={desktop ? undefined : () => setOpen(true)}
    >
      <Badge count={unread} size="small" overflowCount={99} offset={[2, -2]} data-testid="bell-count">
        <BellOutlined style={{ fontSize: 18, color: 'inherit' }} />
      </Badge>
    </button>
  );
  const panel = (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
      <NotificationPanel unread={unread} onClose={() => setOpen(false)} heading={desktop} />
    </Suspense>
  );
  if (!desktop)
    return (
      <>
        {button}
        <LazyDrawer
          open={open}
          onClose={() => setOpen(false)}
          placement="right"
          width="min(400px, 100vw)"
          title={t('notification.title')}
          destroyOnHidden
          styles={{ body: { padding: 12 } }}
        >
          {panel}
        </LazyDrawer>
      </>
    );
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      content={panel}
    >
      <Tooltip title={open ? undefined : t('notification.title')}>{button}</Tooltip>
    </Popover>
  );
}
