import { Alert, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecompute } from '@/features/tariff/api/get-recompute';

/** The progress of the revenue recompute a price change queued, read until it ends. */
export function RecomputeProgress({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useRecompute(id);
  const total = Math.max(1, data?.plantsTotal ?? 1);
  const percent = data ? Math.round((100 * (data.plantsDone ?? 0)) / total) : 0;
  const done = data?.state === 'done';
  return (
    <Alert
      closable
      onClose={onClose}
      style={{ marginBottom: 16 }}
      type={data?.state === 'failed' ? 'error' : done ? 'success' : 'info'}
      data-testid="recompute-progress"
      message={t(`tariff.recompute.${data?.state ?? 'queued'}`, {
        from: data?.fromDay ?? '',
        to: data && data.toDay < '9999' ? data.toDay : t('tariff.openEnd'),
        done: data?.plantsDone ?? 0,
        count: data?.plantsTotal ?? 0,
      })}
      description={<Progress percent={done ? 100 : percent} size="small" status={done ? 'success' : 'active'} />}
    />
  );
}
