import { Progress } from 'antd';
import { formatBytes } from '@/lib/format';

/**
 * The progress bar of an export under way (export-button): a percentage when the server announces
 * the size, the bytes received so far when it streams. Loaded with the first export, not with the list.
 */
export function ExportProgress({ received, total, testId }: { received: number; total?: number; testId: string }) {
  return (
    <Progress
      data-testid={`${testId}-progress`}
      size="small"
      style={{ width: 180 }}
      status="active"
      percent={total ? Math.round((received / total) * 100) : 99}
      format={(percent) => (total ? `${percent}%` : formatBytes(received))}
    />
  );
}
