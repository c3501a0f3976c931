import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ConsoleApp } from './app/console-app';
import { toUserInfo, useSession } from './stores/session';

/**
 * Renders a page the way the console does: a fresh query client (no retries) inside the console's
 * root (app/console-app.tsx: antd's App, its toasts and dialogs loaded when first shown).
 * The client comes back too: `client.isFetching()` right after a live event says whether the event
 * started a read (events are handled as they arrive, and a read starts at once), so a test of "this
 * event reads nothing again" needs no wait.
 */
export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return Object.assign(
    render(
      <QueryClientProvider client={client}>
        <ConsoleApp>{ui}</ConsoleApp>
      </QueryClientProvider>,
    ),
    { client },
  );
}

/** happy-dom's window size, which its matchMedia (antd's breakpoints, a table's responsive columns) answers from. */
export function setViewport(width: number, height = 900) {
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport(
    { width, height },
  );
}

/** The zone the signed-in user chose in the user center, as the session carries it. */
export function withUserZone(timeZone: string) {
  useSession.setState((s) => (s.info ? { info: { ...s.info, timeZone } } : {}));
}

/** A signed-in ROOT user holding exactly the button permissions `perms` (the display rule of spec §6). */
export function signedInWith(perms: string, roles: string[] = ['r']) {
  useSession.setState({
    token: 'tok',
    info: toUserInfo({
      code: 200,
      msg: 'ok',
      data: { roles, orgId: 1, nickname: 'Me', perms, avatar: '', introduction: '', list: [] },
      orgGroup: { orgGroupCode: 'ROOT', orgGroupName: 'Platform', orgGroupId: 1 },
      orgName: 'Platform',
      userName: 'me',
    }),
  });
}
