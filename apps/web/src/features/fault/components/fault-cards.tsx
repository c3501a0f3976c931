import type { FaultRow } from '@pv/contract';
import { Card, Flex, Pagination, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProcessingTag, SeverityTag } from '@/components/fault-tags';
import { ZonedTime } from '@/components/zoned-time';
import { formatDuration } from '@/lib/duration';
import { useMedia } from '@/lib/use-phone';
import { FaultActions } from './fault-actions';

// below antd's lg breakpoint (992 px, where the console turns "mobile") the list is a column of
// cards: a fault's ten columns do not fit a tablet's width, and an operator on site reads them on a phone
const NARROW = '(max-width: 991px)';
export const useNarrow = () => useMedia(NARROW);

interface FaultCardsProps {
  rows: FaultRow[] | undefined;
  loading: boolean;
  empty: ReactNode;
  onOpen: (id: number) => void;
  paging: { current: number; pageSize: number; total: number; onChange: (pageNum: number, pageSize: number) => void };
}

/**
 * The list on a phone or a tablet: a card per fault with what is scanned first (severity, code and
 * what it means, where, since when), then who handles it and the next steps.
 */
export function FaultCards({ rows, loading, empty, onOpen, paging }: FaultCardsProps) {
  const { t, i18n } = useTranslation();
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={8} data-testid="fault-cards">
        {rows?.length === 0 && empty}
        {rows?.map((r) => (
          <Card
            key={r.id}
            size="small"
            data-testid={`fault-card-${r.id}`}
            style={{ borderInlineStart: r.processing === 'open' ? '3px solid #cf1322' : undefined }}
          >
            <Flex align="center" gap={8} wrap>
              <SeverityTag severity={r.severity} />
              <Typography.Text code>{r.code}</Typography.Text>
              <span style={{ flex: 1 }} />
              <ProcessingTag processing={r.processing} />
            </Flex>
            <a
              onClick={() => onOpen(r.id)}
              data-testid={`fault-open-${r.id}`}
              style={{ display: 'block', margin: '6px 0 2px', fontWeight: 500 }}
            >
              {r.title}
            </a>
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }} ellipsis>
              {[r.plantName, `${r.deviceName} · ${r.sn}`].filter(Boolean).join(' · ')}
            </Typography.Text>
            <Flex gap={8} wrap style={{ fontSize: 12, marginTop: 4 }}>
              <ZonedTime value={r.openedAt} timeZone={r.plantTimeZone} format="YYYY-MM-DD HH:mm" />
              <Typography.Text type={r.state === 'fixed' ? 'secondary' : 'danger'} style={{ fontSize: 12 }}>
                {r.state === 'fixed'
                  ? formatDuration(r.durationMs, i18n.language)
                  : t('fault.ongoing', { duration: formatDuration(r.durationMs, i18n.language) })}
              </Typography.Text>
            </Flex>
            {r.handledBy && (
              <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                {t('fault.handledBy')}: {r.handledBy}
              </Typography.Text>
            )}
            <Flex justify="flex-end" wrap style={{ marginTop: 4 }}>
              <FaultActions fault={r} />
            </Flex>
          </Card>
        ))}
      </Flex>
      <Pagination size="small" align="center" style={{ marginTop: 12 }} simple {...paging} />
    </Spin>
  );
}
