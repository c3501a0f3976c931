import type { PlantStatus } from '@pv/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<PlantStatus, string> = { online: 'green', offline: 'default', fault: 'red' };

export function PlantStatusTag({ status }: { status: PlantStatus }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`plant.status.${status}`)}</Tag>;
}
