import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logRenderError } from '@/stores/error-log';

// Plain elements in the layout of antd's Result: Result brings its 403/404/500 illustrations into
// every signed-in first load, and this shows in the shell of every console page.
function ErrorResult({ detail, onRetry }: { detail?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="pv-error-result" role="alert" data-testid="page-error">
      <CloseCircleFilled className="pv-error-result-icon" aria-hidden />
      <h2 className="pv-error-result-title">{t('layout.pageError')}</h2>
      {detail && <p className="pv-error-result-detail">{detail}</p>}
      <Space>
        {onRetry && (
          <Button type="primary" onClick={onRetry}>
            {t('layout.retry')}
          </Button>
        )}
        <Button onClick={() => window.location.reload()}>{t('layout.reload')}</Button>
      </Space>
    </div>
  );
}

/**
 * Keeps one broken page from taking the console down: the sidebar, navbar and tabs stay usable
 * and the user can retry the page (a chunk that failed to load after a deploy, say).
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // spec §3 error logs: a failed render is kept and reported with the component stack
    logRenderError(error, info.componentStack);
  }

  override render() {
    if (this.state.error)
      return <ErrorResult detail={this.state.error.message} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

/** The last resort of the whole route tree (app/router.tsx), shown without the layout. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div className="pv-page-loading">
      <ErrorResult detail={detail} />
    </div>
  );
}
