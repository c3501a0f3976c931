import { DownloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '@/components/lazy-modal';
import { Access } from '@/lib/access';
import { download, type Query } from '@/lib/http';
import { useFeedback } from '@/lib/feedback';

// antd's Progress loads with the first export: a list page shows only the button (issue 22's budgets)
const ExportProgress = lazyNamed(() => import('./export-progress'), 'ExportProgress');

export interface ExportButtonProps {
  /** The list's streamed .xlsx endpoint, e.g. '/users/export'. */
  path: string;
  /** The list's current filters (paging is left out); nothing to export while absent. */
  query: (Query & { pageNum?: number; pageSize?: number }) | null | undefined;
  perm: string;
  /** data-testid of the button; the progress bar gets `${testId}-progress`. */
  testId: string;
  /** Translation key of the toast once the file is saved. */
  doneKey: string;
}

/**
 * Export of a list's filtered rows as .xlsx, streamed from the server with its progress: a
 * percentage when the server announces the size, the bytes received so far when it streams.
 */
export function ExportButton({ path, query, perm, testId, doneKey }: ExportButtonProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  // bytes received and the announced size (absent when the server streams without Content-Length)
  const [progress, setProgress] = useState<{ received: number; total?: number } | null>(null);

  const run = async () => {
    if (!query) return;
    setProgress({ received: 0 });
    try {
      const { pageNum: _p, pageSize: _s, ...filters } = query;
      await download(path, filters, (received, total) => setProgress({ received, total }));
      void message.success(t(doneKey));
    } catch {
      // shown by the API client
    } finally {
      setProgress(null);
    }
  };

  return (
    <Access perm={perm}>
      <Space>
        {progress !== null && (
          <Suspense fallback={null}>
            <ExportProgress received={progress.received} total={progress.total} testId={testId} />
          </Suspense>
        )}
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void run()}
          disabled={!query}
          loading={progress !== null}
          data-testid={testId}
        >
          {t('common.export')}
        </Button>
      </Space>
    </Access>
  );
}
