import { CLIENT_ERROR_LIMITS, type ClientErrorEntry, type ClientErrorKind } from '@pv/contract';
import { create } from 'zustand';

/** One error the console met: an uncaught error, a failed render, a failed request (spec §3 "Error logs"). */
export interface ErrorLogEntry extends ClientErrorEntry {
  /** Local identity, for the list. */
  key: number;
}

export interface ErrorLogState {
  /** The newest first, at most CLIENT_ERROR_LIMITS.kept. */
  logs: ErrorLogEntry[];
  /** What the reporter has not sent to the server yet (oldest first). */
  pending: ClientErrorEntry[];
  addErrorLog(e: { kind: ClientErrorKind; message: string; stack?: string; url?: string; status?: number }): void;
  clearErrorLog(): void;
  /** Takes up to one report's worth of pending entries (the reporter sends them). */
  takePending(): ClientErrorEntry[];
}

const cut = (s: string | undefined, n: number) => (s === undefined ? undefined : s.length > n ? s.slice(0, n) : s);
let seq = 0;

export const useErrorLog = create<ErrorLogState>((set, get) => ({
  logs: [],
  pending: [],
  addErrorLog: ({ kind, message, stack, url, status }) => {
    const entry: ClientErrorEntry = {
      kind,
      message: cut(message || '-', CLIENT_ERROR_LIMITS.message)!,
      ...(stack && { stack: cut(stack, CLIENT_ERROR_LIMITS.stack) }),
      route: cut(window.location.pathname + window.location.search, CLIENT_ERROR_LIMITS.route)!,
      ...(url && { url: cut(url, CLIENT_ERROR_LIMITS.route) }),
      ...(status !== undefined && { status }),
      at: Date.now(),
    };
    set((s) => ({
      logs: [{ ...entry, key: ++seq }, ...s.logs].slice(0, CLIENT_ERROR_LIMITS.kept),
      // a console stuck in a loop of errors keeps its last ones, not an endless queue
      pending: [...s.pending, entry].slice(-CLIENT_ERROR_LIMITS.kept),
    }));
  },
  clearErrorLog: () => set({ logs: [] }),
  takePending: () => {
    const batch = get().pending.slice(0, CLIENT_ERROR_LIMITS.perReport);
    set((s) => ({ pending: s.pending.slice(batch.length) }));
    return batch;
  },
}));

/**
 * A render that failed under an error boundary (a page's or the route tree's): kept in the error log
 * and reported with the component stack, and written to the browser console as React would have.
 */
export function logRenderError(error: unknown, componentStack?: string | null): void {
  console.error(error, componentStack);
  const e = error instanceof Error ? error : new Error(String(error));
  useErrorLog.getState().addErrorLog({
    kind: 'render',
    message: `${e.name}: ${e.message}`,
    stack: `${e.stack ?? ''}\n${componentStack ?? ''}`.trim(),
  });
}
