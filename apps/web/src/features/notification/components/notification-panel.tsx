import { CheckOutlined } from '@ant-design/icons';
import type { NotificationRow } from '@pv/contract';
import { Button, Empty, Flex, Segmented, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SeverityDot } from '@/components/fault-tags';
import { ZonedTime } from '@/components/zoned-time';
import { FAULT_LIST_PATH, faultListHref } from '@/lib/fault-links';
import { useSession } from '@/stores/session';
import { useNotifications } from '@/features/notification/api/get-notifications';
import { useMarkAllNotificationsRead } from '@/features/notification/api/mark-all-notifications-read';
import { useMarkNotificationRead } from '@/features/notification/api/mark-notification-read';

const NEWEST = 10;

/**
 * The bell's panel: the newest notifications (or only the unread), each opening its fault in the
 * fault list's drawer and marking itself read; "Mark all as read" at the top.
 */
export function NotificationPanel({
  unread,
  onClose,
  heading = true,
}: {
  unread: number;
  onClose: () => void;
  /** its own title (a drawer has its own) */
  heading?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [only, setOnly] = useState<'all' | 'unread'>('all');
  const { data, isLoading } = useNotifications(NEWEST, only === 'unread', true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const canList = useSession((s) => !!s.info?.routerPaths.includes(FAULT_LIST_PATH));

  const open = (n: NotificationRow) => {
    if (n.readAt === null) markRead.mutate(n.id);
    if (canList && n.faultId) {
      onClose();
      void navigate(faultListHref({ faultId: n.faultId }));
    }
  };

  return (
    <div className="pv-notification-panel" data-testid="notification-panel">
      <Flex align="center" justify="space-between" gap={8} style={{ padding: '4px 4px 8px' }}>
        {heading ? <Typography.Text strong>{t('notification.title')}</Typography.Text> : <span />}
        <Button
          type="link"
          size="small"
          icon={<CheckOutlined />}
          disabled={!unread}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
          data-testid="notification-read-all"
        >
          {t('notification.markAllRead')}
        </Button>
      </Flex>
      <Segmented
        size="small"
        block
        value={only}
        onChange={(v) => setOnly(v as 'all' | 'unread')}
        options={[
          { value: 'all', label: t('notification.all') },
          { value: 'unread', label: t('notification.unreadCount', { count: unread }) },
        ]}
        style={{ marginBottom: 8 }}
        data-testid="notification-filter"
      />
      <Spin spinning={isLoading}>
        <div className="pv-notification-list" role="list">
          {data?.rows.length === 0 && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(only === 'unread' ? 'notification.noneUnread' : 'notification.none')}
            />
          )}
          {data?.rows.map((n) => (
            <div
              key={n.id}
              role="listitem"
              tabIndex={0}
              className={`pv-notification${n.readAt === null ? ' pv-notification-unread' : ''}`}
              onClick={() => open(n)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') open(n);
              }}
              data-testid={`notification-${n.id}`}
              data-unread={n.readAt === null}
            >
              <Flex gap={8} align="baseline">
                <SeverityDot severity={n.severity} />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <div className="pv-notification-title">{n.title}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: n.body }}>
                    {n.body}
                  </Typography.Text>
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      <ZonedTime value={n.createdAt} format="MM-DD HH:mm" relative />
                    </Typography.Text>
                  </div>
                </div>
                {n.readAt === null && (
                  <Button
                    type="text"
                    size="small"
                    icon={<CheckOutlined />}
                    aria-label={t('notification.markRead')}
                    title={t('notification.markRead')}
                    onClick={(e) => {
                      e.stopPropagation();
                      markRead.mutate(n.id);
                    }}
                    data-testid={`notification-read-${n.id}`}
                  />
                )}
              </Flex>
            </div>
          ))}
        </div>
      </Spin>
      {canList && (
        <Flex justify="center" style={{ paddingTop: 8, borderTop: '1px solid rgba(5,5,5,0.06)' }}>
          <Button
            type="link"
            size="small"
            onClick={() => {
              onClose();
              void navigate(faultListHref({ state: 'unrepaired' }));
            }}
            data-testid="notification-all-faults"
          >
            {t('notification.openFaults')}
          </Button>
        </Flex>
      )}
    </div>
  );
}
