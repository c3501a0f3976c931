import { Alert, Descriptions, Drawer, Flex, Skeleton, Timeline, Typography } from 'antd';
import { Result } from '@/components/result';
import type { FaultAction, FaultDetail } from '@pv/contract';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProcessingTag, SeverityTag } from '@/components/fault-tags';
import { ZonedTime } from '@/components/zoned-time';
import { formatDuration } from '@/lib/duration';
import { ApiError } from '@/lib/http';
import { useFault } from '@/features/fault/api/get-fault';
import { FaultActions } from './fault-actions';
import { useNarrow } from './fault-cards';

// ECharts (about 180 KB gzip) loads when a fault is opened, not with the fault list.
const FaultDataChart = lazy(() => import('./fault-data-chart').then((m) => ({ default: m.FaultDataChart })));

const EVENT_COLOR: Record<FaultAction, string> = {
  opened: 'red',
  recurred: 'orange',
  recovered: 'gray',
  acknowledged: 'gold',
  started: 'blue',
  fixed: 'green',
  note: 'gray',
};

/** A fault's facts, the suggested action, its history and the device's data around it. */
export function FaultDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const { data, isLoading, isError, error } = useFault(id);
  const fault = data && data.id === id ? data : undefined;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={narrow ? '100%' : 760}
      destroyOnHidden
      title={
        fault ? (
          <Flex align="center" gap={8} wrap>
            <span>{t('fault.detail.title', { code: fault.code })}</span>
            <SeverityTag severity={fault.severity} />
            <ProcessingTag processing={fault.processing} />
          </Flex>
        ) : (
          t('fault.actions.details')
        )
      }
      extra={fault && fault.canHandle && !narrow && <FaultActions fault={fault} size="middle" />}
      data-testid="fault-drawer"
    >
      {isLoading && <Skeleton active />}
      {isError && !fault && (
        <Result
          status={error instanceof ApiError && error.code === 404 ? '404' : 'warning'}
          subTitle={error instanceof ApiError && error.code !== 404 ? error.msg : t('fault.detail.notFound')}
        />
      )}
      {fault && <FaultDetailBody fault={fault} narrow={narrow} />}
    </Drawer>
  );
}

function FaultDetailBody({ fault, narrow }: { fault: FaultDetail; narrow: boolean }) {
  const { t, i18n } = useTranslation();
  const zone = fault.plantTimeZone;
  const time = (v: number | null) => <ZonedTime value={v} timeZone={zone} />;
  return (
    <Flex vertical gap={20}>
      <Typography.Title level={5} style={{ margin: 0 }} data-testid="fault-drawer-title">
        {fault.title}
      </Typography.Title>
      {narrow && fault.canHandle && (
        <Flex wrap>
          <FaultActions fault={fault} size="middle" />
        </Flex>
      )}
      <Descriptions
        size="small"
        bordered
        column={narrow ? 1 : 2}
        title={t('fault.detail.facts')}
        styles={{ label: { width: 130 } }}
        items={[
          {
            key: 'device',
            label: t('fault.device'),
            children: (
              <>
                <Link to={`/devices/devices_detail?id=${fault.deviceId}`}>{fault.deviceName}</Link>{' '}
                <Typography.Text type="secondary">{fault.sn}</Typography.Text>
                {fault.productName && (
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {fault.productName}
                    </Typography.Text>
                  </div>
                )}
              </>
            ),
          },
          {
            key: 'plant',
            label: t('fault.plant'),
            children:
              fault.plantId && fault.plantName ? (
                <Link to={`/power_station/power_station_detail?id=${fault.plantId}`}>{fault.plantName}</Link>
              ) : (
                '—'
              ),
          },
          { key: 'code', label: t('fault.code'), children: <Typography.Text code>{fault.code}</Typography.Text> },
          { key: 'state', label: t('fault.state'), children: t(`fault.states.${fault.state}`) },
          { key: 'openedAt', label: t('fault.openedAt'), children: time(fault.openedAt) },
          {
            key: 'duration',
            label: t('fault.duration'),
            children:
              fault.state === 'fixed'
                ? formatDuration(fault.durationMs, i18n.language)
                : t('fault.ongoing', { duration: formatDuration(fault.durationMs, i18n.language) }),
          },
          {
            key: 'occurrences',
            label: t('fault.occurrences'),
            children: t('fault.occurrencesCount', { count: fault.occurrences }),
          },
          { key: 'lastSeenAt', label: t('fault.lastSeenAt'), children: time(fault.lastSeenAt) },
          {
            key: 'recoveredAt',
            label: t('fault.recoveredAt'),
            children: fault.recoveredAt ? (
              time(fault.recoveredAt)
            ) : (
              <Typography.Text type={fault.state === 'fixed' ? 'secondary' : 'danger'}>
                {t('fault.notRecovered')}
              </Typography.Text>
            ),
          },
          { key: 'fixedAt', label: t('fault.fixedAt'), children: time(fault.fixedAt) },
          ...(fault.message && fault.message !== fault.title
            ? [{ key: 'message', label: t('fault.message'), span: narrow ? 1 : 2, children: fault.message }]
            : []),
        ]}
      />
      <div>
        <Typography.Title level={5}>{t('fault.detail.suggestion')}</Typography.Title>
        <Alert
          type={fault.suggestedAction ? 'info' : 'warning'}
          showIcon
          data-testid="fault-suggestion"
          message={
            <span style={{ whiteSpace: 'pre-line' }}>{fault.suggestedAction ?? t('fault.detail.noSuggestion')}</span>
          }
        />
      </div>
      <div>
        <Typography.Title level={5}>{t('fault.detail.chart')}</Typography.Title>
        <Suspense fallback={<Skeleton active />}>
          <FaultDataChart
            faultId={fault.id}
            code={fault.code}
            openedAt={fault.openedAt}
            fixedAt={fault.fixedAt}
            severity={fault.severity}
            timeZone={zone}
          />
        </Suspense>
      </div>
      <div>
        <Typography.Title level={5}>{t('fault.detail.history')}</Typography.Title>
        <Timeline
          data-testid="fault-history"
          items={[...fault.history].reverse().map((e) => ({
            key: e.id,
            color: EVENT_COLOR[e.action],
            children: (
              <div data-testid={`fault-event-${e.action}`}>
                <div>
                  <Typography.Text strong>{t(`fault.events.${e.action}`)}</Typography.Text>
                  <Typography.Text type="secondary">
                    {' · '}
                    {e.userName ?? t('fault.detail.system')}
                  </Typography.Text>
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  <ZonedTime value={e.at} timeZone={zone} />
                </Typography.Text>
                {e.note && (
                  <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-line' }}>
                    {e.note}
                  </Typography.Paragraph>
                )}
              </div>
            ),
          }))}
        />
      </div>
    </Flex>
  );
}
