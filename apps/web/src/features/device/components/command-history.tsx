import type { CommandRow } from '@pv/contract';
import { Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZonedTime } from '@/components/zoned-time';
import { useLiveDevices } from '@/lib/live';
import { useCommands } from '@/features/device/api/get-commands';
import { deviceQuery } from '@/features/device/api/get-device';
import { CommandStatusTag } from './command-status';
import { commandsKey } from '@/features/device/api/get-commands';

/** What a command asked for, in a few words: "PCS · Charge · 3000 W · 08:00–12:00". */
function describe(row: CommandRow, t: (k: string, o?: Record<string, unknown>) => string): string {
  const p = (row.params ?? {}) as Record<string, unknown>;
  if (row.kind === 'control') {
    const parts = [t(`device.control.targets.${String(p.target)}`), t(`device.control.modes.${String(p.mode)}`)];
    if (typeof p.power === 'number') parts.push(`${p.power} W`);
    if (Array.isArray(p.periods))
      parts.push((p.periods as { start: string; end: string }[]).map((x) => `${x.start}–${x.end}`).join(', '));
    return parts.join(' · ');
  }
  if (row.kind === 'ota') return `${t('device.kinds.ota')} ${String(p.version ?? '')}`;
  return t(`device.kinds.${row.kind}`, { defaultValue: row.kind });
}

/** Push command history of a device; read again on the device's live events (an ack, OTA progress, a timeout). */
export function CommandHistory({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const { data, isFetching } = useCommands(deviceId, page.pageNum, page.pageSize);
  useLiveDevices([deviceId], [...commandsKey, deviceId]);
  // command times on the device's plant clock, from the device the detail page has read (no request of its own)
  const timeZone = useQuery({ ...deviceQuery(deviceId), enabled: false }).data?.timeZone;
  return (
    <Table<CommandRow>
      rowKey="id"
      size="small"
      loading={isFetching && !data}
      dataSource={data?.rows ?? []}
      scroll={{ x: 'max-content' }}
      data-testid="command-history"
      columns={[
        { title: t('device.cmd.command'), key: 'command', render: (_: unknown, r) => describe(r, t) },
        {
          title: t('device.cmd.source'),
          dataIndex: 'source',
          render: (v: string) => t(`device.sources.${v}`, { defaultValue: v }),
        },
        {
          title: t('device.cmd.ack'),
          dataIndex: 'ackContent',
          render: (v: string | null) =>
            v ? (
              <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 220 }}>
                {v}
              </Typography.Text>
            ) : (
              '—'
            ),
        },
        { title: t('device.cmd.sentBy'), dataIndex: 'sentBy', render: (v: string | null) => v ?? '—' },
        {
          title: t('device.cmd.createdAt'),
          dataIndex: 'createdAt',
          render: (v: number) => <ZonedTime value={v} timeZone={timeZone} />,
        },
        {
          title: t('device.cmd.status'),
          dataIndex: 'status',
          render: (v: CommandRow['status']) => <CommandStatusTag status={v} />,
        },
      ]}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: data?.total ?? 0,
        size: 'small',
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
    />
  );
}
