import { describe, expect, it } from 'vitest';
import { RECURRED_GAP_MS, settleFaults, type FaultReport } from './fault-rules.js';

const T = 1_795_000_000_000;
const MIN = 60_000;
const fault = (deviceId: number, code: string, ts: number, message?: string): FaultReport => ({
  kind: 'fault',
  deviceId,
  code,
  ts,
  ...(message && { message }),
});
const recover = (deviceId: number, code: string, ts: number): FaultReport => ({ kind: 'recover', deviceId, code, ts });

describe('settleFaults', () => {
  it('opens one record per device and code, counting the repeats of the batch into it', () => {
    const c = settleFaults([fault(1, 'F07', T, 'Grid overvoltage'), fault(1, 'F07', T + MIN), fault(2, 'F07', T)], []);
    expect(c.opened).toEqual([
      {
        key: '1|F07',
        deviceId: 1,
        code: 'F07',
        message: 'Grid overvoltage',
        openedAt: T,
        occurrences: 2,
        lastSeenAt: T + MIN,
        recoveredAt: null,
      },
      expect.objectContaining({ key: '2|F07', occurrences: 1 }),
    ]);
    expect(c.history).toEqual([
      { key: '1|F07', at: T, action: 'opened' },
      { key: '2|F07', at: T, action: 'opened' },
    ]);
    expect(c.failed).toEqual([1, 2]);
  });

  it('counts up an open record; writes "recurred" only after a silence or a recovery', () => {
    const open = [{ id: 9, deviceId: 1, code: 'F07', occurrences: 3, lastSeenAt: T, recoveredAt: null }];
    const quick = settleFaults([fault(1, 'F07', T + MIN)], open);
    expect(quick.opened).toEqual([]);
    expect(quick.updated.get(9)).toEqual({ occurrences: 4, lastSeenAt: T + MIN, recoveredAt: null });
    expect(quick.history).toEqual([]);

    const late = settleFaults([fault(1, 'F07', T + RECURRED_GAP_MS)], open);
    expect(late.history).toEqual([{ faultId: 9, at: T + RECURRED_GAP_MS, action: 'recurred' }]);

    const cleared = settleFaults([recover(1, 'F07', T + MIN), fault(1, 'F07', T + 2 * MIN)], open);
    expect(cleared.history).toEqual([
      { faultId: 9, at: T + MIN, action: 'recovered' },
      { faultId: 9, at: T + 2 * MIN, action: 'recurred' },
    ]);
    expect(cleared.updated.get(9)).toEqual({ occurrences: 4, lastSeenAt: T + 2 * MIN, recoveredAt: null });
    expect(cleared.failed).toEqual([1]);
  });

  it('stamps a recovery on the open record of its code only, once; the device runs again', () => {
    const open = [
      { id: 9, deviceId: 1, code: 'F07', occurrences: 1, lastSeenAt: T, recoveredAt: null },
      { id: 10, deviceId: 1, code: 'F12', occurrences: 1, lastSeenAt: T, recoveredAt: null },
    ];
    const c = settleFaults([recover(1, 'F07', T + MIN), recover(1, 'F07', T + 2 * MIN), recover(3, 'F01', T)], open);
    expect(c.updated).toEqual(new Map([[9, { occurrences: 1, lastSeenAt: T, recoveredAt: T + MIN }]]));
    expect(c.history).toEqual([{ faultId: 9, at: T + MIN, action: 'recovered' }]);
    expect(c.running).toEqual([1, 3]);
    expect(c.failed).toEqual([]);
  });

  it('applies the events in time order, whatever their order in the batch', () => {
    const c = settleFaults([recover(1, 'F07', T + MIN), fault(1, 'F07', T)], []);
    expect(c.opened).toEqual([expect.objectContaining({ openedAt: T, recoveredAt: T + MIN })]);
    expect(c.history.map((h) => h.action)).toEqual(['opened', 'recovered']);
    expect(c.running).toEqual([1]);
  });
});
