import type { EventMessage, TelemetryMessage } from '@pv/contract';
import { describe, expect, it } from 'vitest';
import { classifyBatch, countEnergy, settleSamples, type DeviceRef, type Parsed } from './classify.js';

const TZ = 'Asia/Shanghai';
const T = Date.parse('2026-03-10T04:00:00Z'); // 12:00 in Shanghai
const MIN = 60_000;

const devices = new Map<string, DeviceRef>([
  ['INV1', { id: 1, parentId: null, plantId: 10, timeZone: TZ }],
  ['COL1', { id: 2, parentId: null, plantId: 10, timeZone: TZ }],
  ['SUB1', { id: 3, parentId: 2, plantId: 10, timeZone: TZ }],
  ['SUB9', { id: 4, parentId: 99, plantId: 11, timeZone: 'Europe/Berlin' }],
  ['BER1', { id: 5, parentId: null, plantId: 12, timeZone: 'Europe/Berlin' }],
]);
const telemetry = (sn: string, msg: TelemetryMessage) => ({ sn, parsed: { kind: 'telemetry', msg } as Parsed });
const event = (sn: string, msg: EventMessage) => ({ sn, parsed: { kind: 'event', msg } as Parsed });
const ack = (sn: string, ts: number, cmdId: string, ok: boolean, content?: string) => ({
  sn,
  parsed: { kind: 'ack', msg: { ts, cmdId, ok, content } } as Parsed,
});

describe('classifyBatch', () => {
  it('accepts the messages of registered devices and sets aside those of unknown ones, in batch order', () => {
    const a = telemetry('INV1', { ts: T, points: { acPower: 1 } });
    const b = telemetry('NOPE', { ts: T, points: { acPower: 2 } });
    const c = ack('INV1', T, 'c1', true);
    const d = event('GONE', { type: 'fault', ts: T, code: 'E1' });
    const plan = classifyBatch([a, b, c, d], devices);
    expect(plan.accepted).toEqual([a, c]);
    expect(plan.unknown).toEqual([b, d]);
    expect(plan.samples).toEqual([{ device_id: 1, ts: T, points: '{"acPower":1}' }]);
    expect(plan.faults).toEqual([]);
  });

  it('writes a collector’s sub entries only for its own registered sub devices, and lists the others', () => {
    const plan = classifyBatch(
      [
        telemetry('COL1', {
          ts: T,
          points: { signal: 3 },
          sub: [
            { sn: 'SUB1', points: { acPower: 500, energyTotal: 12 }, runState: 'stop' },
            { sn: 'SUB9', points: { acPower: 600 } },
            { sn: 'NOSUB', points: { acPower: 700 } },
          ],
        }),
      ],
      devices,
    );
    expect(plan.samples.map((s) => s.device_id)).toEqual([2, 3]);
    expect(plan.droppedSubs).toEqual([
      { sn: 'COL1', subSn: 'SUB9' },
      { sn: 'COL1', subSn: 'NOSUB' },
    ]);
    expect([...plan.latest.keys()]).toEqual([2, 3]);
    expect(plan.first.get(`3:${T}`)).toEqual({
      points: { acPower: 500, energyTotal: 12 },
      json: '{"acPower":500,"energyTotal":12}',
      runState: 'stop',
    });
    expect(plan.counters).toEqual(new Map([[3, { timeZone: TZ, samples: [{ ts: T, energyTotal: 12 }] }]]));
  });

  it('keeps every sample row in (device, ts) order, the first occurrence of a repeated (device, ts), and the newest message per device', () => {
    const plan = classifyBatch(
      [
        telemetry('INV1', { ts: T + MIN, points: { acPower: 1 } }),
        telemetry('BER1', { ts: T, points: { acPower: 9 } }),
        telemetry('INV1', { ts: T, points: { acPower: 2 } }),
        telemetry('INV1', { ts: T + MIN, points: { acPower: 3 } }),
      ],
      devices,
    );
    expect(plan.samples.map((s) => [s.device_id, s.ts, s.points])).toEqual([
      [1, T, '{"acPower":2}'],
      [1, T + MIN, '{"acPower":1}'],
      [1, T + MIN, '{"acPower":3}'],
      [5, T, '{"acPower":9}'],
    ]);
    expect(plan.first.get(`1:${T + MIN}`)!.points).toEqual({ acPower: 1 });
    expect(plan.latest.get(1)).toEqual({ ts: T + MIN, key: `1:${T + MIN}` });
    expect(plan.latest.get(5)).toEqual({ ts: T, key: `5:${T}` });
  });

  it('lets a sample be the newest message over an event or ack of the same instant, never an older one', () => {
    const plan = classifyBatch(
      [
        ack('INV1', T, 'c1', true),
        telemetry('INV1', { ts: T, points: { acPower: 1 } }),
        event('BER1', { type: 'recover', ts: T + MIN, code: 'E1' }),
        telemetry('BER1', { ts: T, points: { acPower: 1 } }),
        telemetry('COL1', { ts: T + MIN, points: {} }),
        ack('COL1', T + 2 * MIN, 'c2', false),
      ],
      devices,
    );
    expect(plan.latest.get(1)).toEqual({ ts: T, key: `1:${T}` });
    // an older sample does not replace a newer event; an event or ack after a sample does not replace it
    expect(plan.latest.get(5)).toEqual({ ts: T + MIN });
    expect(plan.latest.get(2)).toEqual({ ts: T + MIN, key: `2:${T + MIN}` });
  });

  it('sorts events into faults, recoveries, versions and OTA progress, and acks into command results', () => {
    const plan = classifyBatch(
      [
        event('INV1', { type: 'fault', ts: T, code: 'E7', message: 'grid lost' }),
        event('INV1', { type: 'recover', ts: T + MIN, code: 'E7' }),
        event('INV1', { type: 'info', ts: T, hwVersion: 'H2', swVersion: 'V1' }),
        event('INV1', { type: 'info', ts: T + MIN, swVersion: 'V2', protocolVersion: '1.1' }),
        event('BER1', { type: 'ota', ts: T, cmdId: 'o1', progress: 40 }),
        event('BER1', { type: 'ota', ts: T + MIN, cmdId: 'o1', progress: 100, version: 'V3' }),
        ack('BER1', T, 'c1', false, 'busy'),
      ],
      devices,
    );
    expect(plan.faults).toEqual([{ deviceId: 1, code: 'E7', message: 'grid lost', ts: T }]);
    expect(plan.recovered).toEqual([{ deviceId: 1, code: 'E7', ts: T + MIN }]);
    expect(plan.versions).toEqual(new Map([[1, { hw_version: 'H2', sw_version: 'V2', protocol_version: '1.1' }]]));
    expect(plan.ota).toEqual([
      { cmd_id: 'o1', device_id: 5, progress: 40, version: null, ts: T },
      { cmd_id: 'o1', device_id: 5, progress: 100, version: 'V3', ts: T + MIN },
    ]);
    expect(plan.acks).toEqual([{ deviceId: 5, cmdId: 'c1', ok: false, content: 'busy' }]);
    expect(plan.samples).toEqual([]);
    expect(plan.latest).toEqual(
      new Map([
        [1, { ts: T }],
        [5, { ts: T }],
      ]),
    );
  });

  it('takes the lifetime counter (its daily one beside it), else the daily one, with the zone of the device’s plant', () => {
    const plan = classifyBatch(
      [
        telemetry('INV1', { ts: T, points: { energyTotal: 100, energyToday: 3 } }),
        telemetry('INV1', { ts: T + MIN, points: { acPower: 5 } }),
        telemetry('BER1', { ts: T, points: { energyToday: 4 } }),
        telemetry('INV1', { ts: T - MIN, points: { energyTotal: 99.9 } }),
      ],
      devices,
    );
    expect(plan.counters).toEqual(
      new Map([
        [
          1,
          {
            timeZone: TZ,
            samples: [
              { ts: T, energyTotal: 100, today: 3 },
              { ts: T - MIN, energyTotal: 99.9 },
            ],
          },
        ],
        [5, { timeZone: 'Europe/Berlin', samples: [{ ts: T, energyTotal: 4 }] }],
      ]),
    );
  });
});

describe('settleSamples', () => {
  it('averages and states only the samples the insert stored', () => {
    const plan = classifyBatch(
      [
        telemetry('INV1', { ts: T, points: { acPower: 100 } }),
        telemetry('INV1', { ts: T + MIN, points: { acPower: 300 } }),
        telemetry('BER1', { ts: T, points: { acPower: 50 } }),
      ],
      devices,
    );
    // INV1's newer sample and BER1's were already stored (a resend): not averaged, no new latest points
    const { buckets, states } = settleSamples(plan, [{ device_id: 1, ts: T }], T + 10 * MIN);
    expect([...buckets.values()]).toEqual([
      { deviceId: 1, bucket: T, n: 1, sums: new Map([['acPower', 100]]), counts: new Map([['acPower', 1]]) },
    ]);
    expect(states).toEqual([
      { id: 1, seen: T + MIN, points: null, run: null },
      { id: 5, seen: T, points: null, run: null },
    ]);
  });

  it('derives the run state from the power unless the device reports its own, and never sees a device in the future', () => {
    const plan = classifyBatch(
      [
        telemetry('INV1', { ts: T, points: { acPower: 0 } }),
        telemetry('BER1', { ts: T, points: { acPower: 10 } }),
        telemetry('COL1', { ts: T + 5 * MIN, points: { acPower: 10 }, runState: 'stop' }),
        telemetry('SUB1', { ts: T, points: {} }),
        ack('SUB9', T, 'c1', true),
      ],
      devices,
    );
    const stored = plan.samples.map((s) => ({ device_id: s.device_id, ts: s.ts }));
    const { states } = settleSamples(plan, stored, T + MIN);
    expect(states).toEqual([
      { id: 1, seen: T, points: '{"acPower":0}', run: 'normal' },
      { id: 2, seen: T + MIN, points: '{"acPower":10}', run: 'stop' },
      // no points: the stored latest points and run state stay
      { id: 3, seen: T, points: null, run: null },
      { id: 4, seen: T, points: null, run: null },
      { id: 5, seen: T, points: '{"acPower":10}', run: 'run' },
    ]);
  });
});

describe('countEnergy', () => {
  const touched = (samples: [number, number][], timeZone = TZ) =>
    new Map([[1, { timeZone, samples: samples.map(([ts, energyTotal]) => ({ ts, energyTotal })) }]]);

  it('starts a device’s counter at its first reading, with its day at 0 kWh', () => {
    const out = countEnergy(touched([[T, 100]]), new Map());
    expect(out.increments).toEqual([{ device_id: 1, day: '2026-03-10', energy_kwh: 0 }]);
    expect(out.counters).toEqual([{ device_id: 1, last_ts: T, last_total: 100 }]);
    expect(out.late).toEqual([]);
  });

  it('adds each step from the last reading, in time order, and skips a repeated reading', () => {
    const out = countEnergy(
      touched([
        [T + 2 * MIN, 101.5],
        [T + MIN, 100.5],
        [T + MIN, 100.5],
      ]),
      new Map([[1, { ts: T, energyTotal: 100 }]]),
    );
    expect(out.increments).toEqual([{ device_id: 1, day: '2026-03-10', energy_kwh: 1.5 }]);
    expect(out.counters).toEqual([{ device_id: 1, last_ts: T + 2 * MIN, last_total: 101.5 }]);
  });

  it('splits a step across local midnight between the days', () => {
    const midnight = Date.parse('2026-03-10T16:00:00Z');
    const out = countEnergy(
      touched([[midnight + 60 * MIN, 104]]),
      new Map([[1, { ts: midnight - 60 * MIN, energyTotal: 100 }]]),
    );
    expect(out.increments).toEqual([
      { device_id: 1, day: '2026-03-10', energy_kwh: 2 },
      { device_id: 1, day: '2026-03-11', energy_kwh: 2 },
    ]);
  });

  it('ignores a glitch (a little below the last good reading) and keeps that reading; counts a reset from zero', () => {
    const glitch = countEnergy(touched([[T + MIN, 99.5]]), new Map([[1, { ts: T, energyTotal: 100 }]]));
    expect(glitch.increments).toEqual([]);
    expect(glitch.counters).toEqual([]);
    const reset = countEnergy(touched([[T + MIN, 0.25]]), new Map([[1, { ts: T, energyTotal: 100 }]]));
    expect(reset.increments).toEqual([{ device_id: 1, day: '2026-03-10', energy_kwh: 0.25 }]);
    expect(reset.counters).toEqual([{ device_id: 1, last_ts: T + MIN, last_total: 0.25 }]);
  });

  it('sets aside readings older than the last one as late, with the device’s zone', () => {
    const out = countEnergy(
      touched(
        [
          [T - 2 * MIN, 99],
          [T + MIN, 101],
          [T - MIN, 99.5],
        ],
        'Europe/Berlin',
      ),
      new Map([[1, { ts: T, energyTotal: 100 }]]),
    );
    expect(out.late).toEqual([{ deviceId: 1, timeZone: 'Europe/Berlin', ts: [T - 2 * MIN, T - MIN] }]);
    expect(out.increments).toEqual([{ device_id: 1, day: '2026-03-10', energy_kwh: 1 }]);
    expect(out.counters).toEqual([{ device_id: 1, last_ts: T + MIN, last_total: 101 }]);
  });

  it('answers the increments and counters in device order', () => {
    const out = countEnergy(
      new Map([
        [7, { timeZone: TZ, samples: [{ ts: T, energyTotal: 5 }] }],
        [3, { timeZone: TZ, samples: [{ ts: T, energyTotal: 8 }] }],
      ]),
      new Map(),
    );
    expect(out.increments.map((i) => i.device_id)).toEqual([3, 7]);
    expect(out.counters.map((c) => c.device_id)).toEqual([3, 7]);
  });
});
