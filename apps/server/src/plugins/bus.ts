import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { redactUrl } from '../lib/redact.js';

/**
 * What changed, as servers tell each other (the stream filters it per user, see
 * modules/dashboard/events.routes.ts). Ids come with their organisation so a stream can check the
 * caller's data scope without asking the database.
 */
export interface StatsBusEvent {
  type: 'stats';
  at: number;
  orgIds: number[];
  /** [plantId, orgId] */
  plants: [number, number][];
  /** [faultId, orgId] of faults opened since the previous refresh */
  faults: [number, number][];
}

/**
 * Devices whose messages a process committed (or whose state a job changed) within the last
 * LIVE_DEVICES_MS: ids only, sorted and each once (see modules/dashboard/device-activity.ts). A
 * stream forwards the ids its client watches, which it checked against the caller's visibility
 * when the client asked for them, so the event needs no organisation.
 */
export interface DevicesBusEvent {
  type: 'devices';
  at: number;
  /** ascending, no repeats */
  deviceIds: number[];
}

/**
 * A console write went through somewhere: what each process keeps from the database that the write
 * may have changed (signed-in users, answers of the plant list) is read again.
 */
export interface ChangedBusEvent {
  type: 'changed';
  at: number;
}

/**
 * The plant-stats refresh wrote new figures (it runs in one server process per tick): every
 * process empties the plant list answers built on the old ones.
 */
export interface PlantStatsBusEvent {
  type: 'plantStats';
  at: number;
}

/**
 * Users whose unread notification count changed (new notifications, or read in one of their
 * tabs): each of their streams sends its user's count (modules/notification).
 */
export interface NotificationsBusEvent {
  type: 'notifications';
  at: number;
  /** [userId, unread] */
  users: [number, number][];
}

export type BusEvent = StatsBusEvent | DevicesBusEvent | ChangedBusEvent | PlantStatsBusEvent | NotificationsBusEvent;

export type BusListener = (event: BusEvent) => void;

/** ARCHITECTURE §1: in-process by default, Redis pub/sub between several server processes with REDIS_URL. */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(event: BusEvent): Promise<void>;
  /** Answers the unsubscribe function. */
  subscribe(listener: BusListener): () => void;
  /** Listeners of this process (open event streams and the like). */
  subscribers(): number;
  /**
   * Whether events of the other processes arrive: always with the in-process bus; with Redis,
   * while both connections are up and subscribed. While it is down, publishing drops the event.
   */
  readonly live: boolean;
  /** Calls `fn` when `live` changes; answers the unsubscribe function. */
  onLiveChange(fn: (live: boolean) => void): () => void;
  close(): Promise<void>;
}

/**
 * While Redis is down a process cannot hear the others' console writes, so every this often it
 * empties its own caches as a `changed` event would (a disabled user, a revoked session count
 * within this long), and once more when the bus is back.
 */
export const BUS_DOWN_CLEAR_MS = 1000;

export const BUS_CHANNEL = 'pv:live';

declare module 'fastify' {
  interface FastifyInstance {
    bus: EventBus;
  }
}

export function memoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    publish: async (event) => {
      emitter.emit('event', event);
    },
    subscribe: (listener) => {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    subscribers: () => emitter.listenerCount('event'),
    live: true,
    onLiveChange: () => () => undefined,
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Two connections (a subscribed one can only listen). Starting fails when Redis cannot be reached;
 * afterwards ioredis reconnects by itself (within 2 s of Redis being back), and the bus counts as
 * live again once the channel is subscribed anew. While it is down (`live` false) publishing drops
 * the event rather than queueing it, so no console write waits on Redis; the live streams end and
 * the console polls (modules/dashboard/index.ts), and the caches are emptied every
 * BUS_DOWN_CLEAR_MS and when the bus is back (a `changed` event to this process's listeners).
 */
export async function redisBus(url: string, log: FastifyBaseLogger, channel = BUS_CHANNEL): Promise<EventBus> {
  const options = { lazyConnect: true, connectionName: 'pv-console', maxRetriesPerRequest: 3 } as const;
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const onError = (err: Error) => log.warn({ err: err.message }, 'redis event bus');
  pub.on('error', onError);
  sub.on('error', onError);
  try {
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(channel);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(
      `Redis at ${redactUrl(url).replace(/\/\/[^@/]*@/, '//***@')} is not reachable: ${(err as Error).message}`,
      { cause: err },
    );
  }
  let live = true;
  let closing = false;
  let clearing: NodeJS.Timeout | undefined;
  const liveListeners = new Set<(live: boolean) => void>();
  const changedHere = () => emitter.emit('event', { type: 'changed', at: Date.now() } satisfies ChangedBusEvent);
  const setLive = (now: boolean) => {
    if (now === live || closing) return;
    live = now;
    clearInterval(clearing);
    if (!now) {
      log.warn('Redis event bus down: live updates paused, caches emptied every second');
      clearing = setInterval(changedHere, BUS_DOWN_CLEAR_MS);
      clearing.unref();
    } else log.info('Redis event bus back');
    changedHere();
    for (const fn of [...liveListeners]) fn(now);
  };
  for (const conn of [pub, sub]) conn.on('close', () => setLive(false));
  const recheck = () => {
    if (pub.status !== 'ready' || sub.status !== 'ready') return;
    // ioredis subscribes again by itself; counting it live once our own SUBSCRIBE is answered
    // means an event published from now on is heard
    sub.subscribe(channel).then(
      () => setLive(pub.status === 'ready' && sub.status === 'ready'),
      () => undefined,
    );
  };
  pub.on('ready', recheck);
  sub.on('ready', recheck);
  sub.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    try {
      emitter.emit('event', JSON.parse(message) as BusEvent);
    } catch (err) {
      log.warn({ err }, 'unreadable event on the bus');
    }
  });
  return {
    kind: 'redis',
    publish: async (event) => {
      if (!live) return;
      await pub.publish(channel, JSON.stringify(event)).catch((err: Error) => {
        // it went down under the publish: dropped, as while it is down
        if (live) throw err;
      });
    },
    subscribe: (listener) => {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    subscribers: () => emitter.listenerCount('event'),
    get live() {
      return live;
    },
    onLiveChange: (fn) => {
      liveListeners.add(fn);
      return () => void liveListeners.delete(fn);
    },
    close: async () => {
      closing = true;
      clearInterval(clearing);
      emitter.removeAllListeners();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}

/** The bus of the configuration, as the app's `bus` decoration (closed with the app). */
export async function createBus(redisUrl: string | undefined, log: FastifyBaseLogger): Promise<EventBus> {
  return redisUrl ? redisBus(redisUrl, log) : memoryBus();
}
