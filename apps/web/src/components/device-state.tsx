import type { DeviceRow } from '@pv/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

// One colour per state on every screen that shows a device (device list and detail, plant detail).
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

/** A device's connection state (online, offline, never activated). */
export function OnlineTag({ state }: { state: DeviceRow['onlineState'] }) {
  const { t } = useTranslation();
  return <Tag color={ONLINE_COLOR[state]}>{t(`device.online.${state}`)}</Tag>;
}

/** A device's run state as it last reported it. */
export function RunTag({ state }: { state: DeviceRow['runState'] }) {
  const { t } = useTranslation();
  return <Tag color={RUN_COLOR[state]}>{t(`device.run.${state}`)}</Tag>;
}
