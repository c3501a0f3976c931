import type { CommandRow, DeviceRow } from '@pv/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const ONLINE_COLOR: Record<DeviceRow['onlineState'], string> = {
  online: 'green',
  offline: 'default',
  inactive: 'orange',
};
const RUN_COLOR: Record<DeviceRow['runState'], string> = {
  run: 'green',
  normal: 'blue',
  stop: 'default',
  failure: 'red',
};
const STATUS_COLOR: Record<CommandRow['status'], string> = {
  processing: 'processing',
  success: 'success',
  failed: 'error',
  unknown: 'default',
};

export function OnlineTag({ state }: { state: DeviceRow['onlineState'] }) {
  const { t } = useTranslation();
  return <Tag color={ONLINE_COLOR[state]}>{t(`device.online.${state}`)}</Tag>;
}

export function RunTag({ state }: { state: DeviceRow['runState'] }) {
  const { t } = useTranslation();
  return <Tag color={RUN_COLOR[state]}>{t(`device.run.${state}`)}</Tag>;
}

export function CommandStatusTag({ status }: { status: CommandRow['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid={`command-status-${status}`}>
      {t(`device.status.${status}`)}
    </Tag>
  );
}
