import type { CommandRow } from '@pv/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<CommandRow['status'], string> = {
  processing: 'processing',
  success: 'success',
  failed: 'error',
  unknown: 'default',
};

export function CommandStatusTag({ status }: { status: CommandRow['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid={`command-status-${status}`}>
      {t(`device.status.${status}`)}
    </Tag>
  );
}
