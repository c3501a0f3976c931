import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, List, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { useErrorLog } from '@/stores/error-log';

const COLOR = { error: 'red', render: 'volcano', request: 'orange' } as const;

/**
 * The navbar's error-log badge (spec §3 "Error logs"): shown once this console met an error (an
 * uncaught error, a failed page, a failed request), with the list of them; they are reported to
 * the server on their own (lib/error-reporter).
 */
export function ErrorLogBadge() {
  const { t } = useTranslation();
  const logs = useErrorLog((s) => s.logs);
  const clear = useErrorLog((s) => s.clearErrorLog);
  const [open, setOpen] = useState(false);
  if (!logs.length) return null;
  return (
    <>
      <Tooltip title={t('helpCenter.errorLog.badge')}>
        <button
          type="button"
          className="pv-icon-button"
          aria-label={t('helpCenter.errorLog.badge')}
          data-testid="error-log-badge"
          onClick={() => setOpen(true)}
        >
          <Badge count={logs.length} size="small" overflowCount={49} offset={[2, -2]}>
            <BugOutlined style={{ fontSize: 18, color: 'inherit' }} />
          </Badge>
        </button>
      </Tooltip>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('helpCenter.errorLog.title')}
        width="min(520px, 100vw)"
        extra={
          <Button
            size="small"
            data-testid="error-log-clear"
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('helpCenter.errorLog.clear')}
          </Button>
        }
      >
        {logs.length === 0 ? (
          <Empty />
        ) : (
          <List
            size="small"
            data-testid="error-log-list"
            dataSource={logs}
            renderItem={(e) => (
              <List.Item key={e.key}>
                <List.Item.Meta
                  title={
                    <>
                      <Tag color={COLOR[e.kind]}>{t(`helpCenter.errorLog.kinds.${e.kind}`)}</Tag>
                      <Typography.Text>{e.message}</Typography.Text>
                    </>
                  }
                  description={
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatTime(e.at)} · {e.route}
                      {e.url && ` · ${e.url}`}
                      {e.status !== undefined && ` → ${e.status}`}
                    </Typography.Text>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Drawer>
    </>
  );
}
