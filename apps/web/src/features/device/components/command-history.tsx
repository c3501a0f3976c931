import type { CommandRow } from '@pv/contract';
import { Empty, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ZonedTime } from '@/components/zoned-time';
import { useLiveDevices } from '@/lib/live';
import { commandsKey, useCommands } from '@/features/device/api/get-commands';
import { deviceQuery } from '@/features/device/api/get-device';
import { CommandStatusTag } from './command-status';
import { formatSetPoint, settingLabel } from './control-rules';

type Translate = (k: string, o?: Record<string, unknown>) => string;

/** What a command asked for, in a few words: "PCS · Charge · 3,000 W · 08:00–12:00". */
export function describeCommand(row: Pick<CommandRow, 'kind' | 'params'>, t: Translate, lang: string): string {
  const p = (row.params ?? {}) as Record<string, unknown>;
  if (row.kind === 'control') {
    const parts = [t(`device.control.targets.${String(p.target)}`), t(`device.control.modes.${String(p.mode)}`)];
    if (typeof p.power === 'number') parts.push(formatSetPoint(p.power, 'W', lang));
    if (Array.isArray(p.periods))
      parts.push((p.periods as { start: string; end: string }[]).map((x) => `${x.start}–${x.end}`).join(', '));
    return parts.join(' · ');
  }
  if (row.kind === 'ota') return `${t('device.kinds.ota')} ${String(p.version ?? '')}`;
  if (row.kind === 'setting')
    return Object.entries(p)
      .filter(([k]) => k !== 'subSn')
      .map(
        ([k, v]) => `${settingLabel(t, k)} = ${typeof v === 'number' ? formatSetPoint(v, undefined, lang) : String(v)}`,
      )
      .join(', ');
  return t(`device.kinds.${row.kind}`, { defaultValue: row.kind });
}

// stands in for the device's own text while the sentence is translated, so that text can be set apart
const MARK = '\u0000';

/** The acknowledgement as a sentence of the console's language, the device's own text set apart in it. */
export function Acknowledgement({ row }: { row: Pick<CommandRow, 'resultKey' | 'resultValues'> }) {
  const { t } = useTranslation();
  const content = row.resultValues.content;
  const full = t(row.resultKey, row.resultValues);
  const parts = content === undefined ? [full] : t(row.resultKey, { ...row.resultValues, content: MARK }).split(MARK);
  return (
    <Typography.Text
      ellipsis={{ tooltip: full }}
      style={{ maxWidth: 320 }}
      data-testid={`command-ack-${row.resultKey.split('.')[1]}`}
    >
      {parts.map((text, i) => (
        <span key={i}>
          {text}
          {i < parts.length - 1 && <Typography.Text code>{content}</Typography.Text>}
        </span>
      ))}
    </Typography.Text>
  );
}

/** Commands sent to a device; read again on the device's live events (an ack, OTA progress, a timeout). */
export function CommandHistory({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation();
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
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('device.cmd.empty')} /> }}
      columns={[
        {
          title: t('device.cmd.command'),
          key: 'command',
          render: (_: unknown, r) => describeCommand(r, t, i18n.language),
        },
        {
          title: t('device.cmd.status'),
          dataIndex: 'status',
          render: (v: CommandRow['status']) => <CommandStatusTag status={v} />,
        },
        { title: t('device.cmd.ack'), key: 'ack', render: (_: unknown, r) => <Acknowledgement row={r} /> },
        { title: t('device.cmd.sentBy'), dataIndex: 'sentBy', render: (v: string | null) => v ?? '—' },
        {
          title: t('device.cmd.createdAt'),
          dataIndex: 'createdAt',
          render: (v: number) => <ZonedTime value={v} timeZone={timeZone} />,
        },
        {
          title: t('device.cmd.source'),
          dataIndex: 'source',
          render: (v: string) => t(`device.sources.${v}`, { defaultValue: v }),
        },
      ]}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: data?.total ?? 0,
        size: 'small',
        hideOnSinglePage: true,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
    />
  );
}
