import { Button, Drawer, Empty, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ZonedTime } from '@/components/zoned-time';
import { useErrorLog } from '@/stores/error-log';

const COLOR = { error: 'red', render: 'volcano', request: 'orange' } as const;

/** The errors this console met, newest first (the navbar's error-log badge opens it). */
export function ErrorLogDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const logs = useErrorLog((s) => s.logs);
  const clear = useErrorLog((s) => s.clearErrorLog);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('helpCenter.errorLog.title')}
      width="min(520px, 100vw)"
      extra={
        <Button
          size="small"
          data-testid="error-log-clear"
          onClick={() => {
            clear();
            onClose();
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
                    <ZonedTime value={e.at} /> · {e.route}
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
  );
}
