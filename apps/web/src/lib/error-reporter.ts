import type { ClientErrorEntry } from '@pv/contract';
import { useErrorLog } from '@/stores/error-log';
import { buildUrl, onRequestFailed } from './http';
import { getToken } from './token';

/** How often the pending entries go to the server (one report of at most 20 entries each time). */
export const REPORT_PERIOD_MS = 5_000;

const describe = (reason: unknown) =>
  reason instanceof Error
    ? { message: `${reason.name}: ${reason.message}`, stack: reason.stack }
    : { message: typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason)) };

/**
 * Sends what is pending; a refusal (429, 413) or a failure drops the report rather than retrying it
 * forever. `keepalive`: a report under way when the page is left (a navigation, a reload) still
 * arrives.
 */
export async function flushErrorLog(): Promise<void> {
  const token = getToken();
  if (!token) return;
  const entries: ClientErrorEntry[] = useErrorLog.getState().takePending();
  if (!entries.length) return;
  await fetch(buildUrl('/client-errors'), {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', 'X-Token': token },
    body: JSON.stringify({ entries }),
  }).catch(() => undefined);
}

let installed = false;

/**
 * Spec §3 "Error logs": uncaught errors, unhandled rejections and failed requests go to the error
 * log (failed renders come from the page error boundary), and every few seconds to the server.
 */
export function installErrorReporting(): void {
  if (installed) return;
  installed = true;
  const { addErrorLog } = useErrorLog.getState();
  window.addEventListener('error', (e) => {
    // a resource that failed to load (an <img>) is an Event without an error: not a script error
    if (!e.error && !e.message) return;
    addErrorLog({ kind: 'error', ...describe(e.error ?? e.message) });
  });
  window.addEventListener('unhandledrejection', (e) => {
    // a call that failed is already recorded as a failed request
    if (e.reason && typeof e.reason === 'object' && 'code' in e.reason && 'msg' in e.reason) return;
    addErrorLog({ kind: 'error', ...describe(e.reason) });
  });
  onRequestFailed(({ method, url, status, msg }) =>
    addErrorLog({ kind: 'request', message: msg, url: `${method} ${url}`, status }),
  );
  setInterval(() => void flushErrorLog(), REPORT_PERIOD_MS);
  // what is pending when the tab is hidden or left goes at once
  window.addEventListener('pagehide', () => void flushErrorLog());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushErrorLog();
  });
}
