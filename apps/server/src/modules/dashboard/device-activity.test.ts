import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryBus, type BusEvent } from '../../plugins/bus.js';
import { DeviceActivity } from './device-activity.js';

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;

function setup(everyMs = 1000) {
  const bus = memoryBus();
  const published: BusEvent[] = [];
  bus.subscribe((e) => published.push(e));
  return { activity: new DeviceActivity(bus, log, everyMs), published };
}

describe('device activity', () => {
  afterEach(() => vi.useRealTimers());

  it('publishes the devices of a period once, as one sorted event without repeats, when the period ends', async () => {
    vi.useFakeTimers();
    const { activity, published } = setup(1000);
    activity.add([7, 3]);
    activity.add([3, 12, 7]);
    await vi.advanceTimersByTimeAsync(999);
    expect(published).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(published).toEqual([{ type: 'devices', at: expect.any(Number), deviceIds: [3, 7, 12] }]);
    // the next period starts with the next device, not before
    await vi.advanceTimersByTimeAsync(5000);
    expect(published).toHaveLength(1);
    activity.add([5]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(published.at(-1)).toMatchObject({ deviceIds: [5] });
  });

  it('publishes nothing for an empty period, and nothing after it is closed', async () => {
    const { activity, published } = setup(60_000);
    activity.add([]);
    await activity.flush();
    expect(published).toEqual([]);
    activity.add([1]);
    activity.close();
    activity.add([2]);
    await activity.flush();
    expect(published).toEqual([]);
  });
});
