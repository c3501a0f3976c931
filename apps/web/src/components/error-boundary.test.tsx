import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { useErrorLog } from '@/stores/error-log';
import { PageErrorBoundary } from './error-boundary';

initI18n('en');

describe('<PageErrorBoundary>', () => {
  afterEach(cleanup);

  it('shows the failure in place of a broken page and renders it again on retry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Page() {
      if (broken) throw new Error('chunk failed to load');
      return <p>page content</p>;
    }
    render(
      <PageErrorBoundary>
        <Page />
      </PageErrorBoundary>,
    );
    expect(screen.getByText('This page could not be shown')).toBeTruthy();
    expect(screen.getByText('chunk failed to load')).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('page content')).toBeTruthy();
    // the failed render went to the error log (the navbar badge and the server report)
    const [logged] = useErrorLog.getState().logs;
    expect(logged).toMatchObject({ kind: 'render', message: 'Error: chunk failed to load' });
    expect(logged!.stack).toContain('Page');
    vi.restoreAllMocks();
  });
});
