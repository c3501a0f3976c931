import { LIVE_DEVICES_MS } from '@pv/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../plugins/bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    deviceActivity: DeviceActivity;
  }
}

/**
 * Collects the devices the ingest committed messages of (and those a job changed) and publishes
 * them as one `devices` bus event at most every `everyMs`: ids only, sorted, each once however
 * many messages it sent. Cost: at most one bus message per period per process, whatever the
 * message rate; its size is bounded by the devices that reported in the period. The event streams
 * pick the ids their clients watch out of it (events.service.ts `devicesFor`), so a browser
 * receives only those.
 */
export class DeviceActivity {
  private pending = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs = LIVE_DEVICES_MS,
  ) {}

  /** Devices that reported or changed; published with the others of the period. */
  add(deviceIds: Iterable<number>) {
    if (this.closed) return;
    for (const id of deviceIds) this.pending.add(id);
    if (this.pending.size && !this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.everyMs);
      this.timer.unref();
    }
  }

  /** Publishes what is pending now (the timer does this; tests and shutdown call it). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending.size) return;
    const deviceIds = [...this.pending].sort((a, b) => a - b);
    this.pending = new Set();
    try {
      await this.bus.publish({ type: 'devices', at: Date.now(), deviceIds });
    } catch (err) {
      this.log.warn({ err }, 'device activity not published');
    }
  }

  /** Stops publishing (before the bus closes); what is pending is dropped: no stream is left to read it. */
  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }
}
