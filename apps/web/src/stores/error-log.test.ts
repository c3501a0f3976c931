import { CLIENT_ERROR_LIMITS } from '@pv/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useErrorLog } from './error-log';

describe('error-log store', () => {
  beforeEach(() => useErrorLog.setState({ logs: [], pending: [] }));

  it('keeps entries newest first, cut to the sizes the server takes, and hands them out a report at a time', () => {
    const { addErrorLog } = useErrorLog.getState();
    addErrorLog({ kind: 'request', message: 'first', url: 'GET /photo_voltaic/devices', status: 500 });
    addErrorLog({ kind: 'error', message: 'x'.repeat(5000), stack: 's'.repeat(9000) });
    const { logs } = useErrorLog.getState();
    expect(logs.map((l) => l.kind)).toEqual(['error', 'request']);
    expect(logs[0]!.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(logs[0]!.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(logs[1]).toMatchObject({ url: 'GET /photo_voltaic/devices', status: 500, route: '/' });
    for (let i = 0; i < 60; i++) addErrorLog({ kind: 'error', message: `e${i}` });
    expect(useErrorLog.getState().logs).toHaveLength(CLIENT_ERROR_LIMITS.kept);
    const first = useErrorLog.getState().takePending();
    expect(first).toHaveLength(CLIENT_ERROR_LIMITS.perReport);
    expect(useErrorLog.getState().pending).toHaveLength(CLIENT_ERROR_LIMITS.kept - CLIENT_ERROR_LIMITS.perReport);
    // clearing the list does not lose what still has to be reported
    useErrorLog.getState().clearErrorLog();
    expect(useErrorLog.getState().logs).toHaveLength(0);
    expect(useErrorLog.getState().pending.length).toBeGreaterThan(0);
  });
});
