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
  close(): Promise<void>;
}

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
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Two connections (a subscribed one can only listen). Starting fails when Redis cannot be reached;
 * afterwards ioredis reconnects and subscribes again by itself, and publishes wait in its queue.
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
      await pub.publish(channel, JSON.stringify(event));
    },
    subscribe: (listener) => {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    subscribers: () => emitter.listenerCount('event'),
    close: async () => {
      emitter.removeAllListeners();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}

/** The bus of the configuration, as the app's `bus` decoration (closed with the app). */
export async function createBus(redisUrl: string | undefined, log: FastifyBaseLogger): Promise<EventBus> {
  return redisUrl ? redisBus(redisUrl, log) : memoryBus();
}
