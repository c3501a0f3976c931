import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { INGEST_GONE_TOPIC, INGEST_SHARED_SUBSCRIPTION, topics } from '@pv/contract';
import { Aedes, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { IngestRejected, type Ingest, type UpKind } from './pipeline.js';
import { SharedSubscriber } from './shared-subscriber.js';
import { hashDeviceKey } from './device-keys.js';

const UP = /^pv\/([A-Za-z0-9][A-Za-z0-9-]{0,63})\/up\/(telemetry|event|ack)$/;

export interface BrokerStats {
  refusedLogins: number;
  refusedTopics: number;
  malformed: number;
}

/** How the platform sends to devices, whichever broker carries the messages. */
export interface DeviceLink {
  readonly stats: BrokerStats;
  /** The port devices connect to (embedded broker), or undefined with an external broker. */
  readonly port?: number;
  readonly connected: boolean;
  publishCommand(sn: string, payload: unknown): Promise<void>;
  close(): Promise<void>;
}

export class PortInUseError extends Error {}

/**
 * How long after a server's connection to an external broker broke, without coming back, the
 * broker publishes its will and another server adopts the session (seconds). Longer than a
 * reconnect (2 s), so a broker restart or a short network cut adopts nothing.
 */
export const ADOPT_AFTER_S = 5;

/**
 * The embedded broker (aedes) on MQTT_PORT. A device signs in with its SN and device key, may
 * publish only to its own up topics and subscribe only to its own down topics. A QoS 1 message
 * is acknowledged (PUBACK) only after the ingest pipeline has committed it.
 */
export async function startEmbeddedBroker(opts: {
  port: number;
  host?: string;
  db: Kysely<Database>;
  pipeline: Ingest;
  log: FastifyBaseLogger;
}): Promise<DeviceLink> {
  const stats: BrokerStats = { refusedLogins: 0, refusedTopics: 0, malformed: 0 };
  const snOf = new WeakMap<Client, string>();
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      const sn = username ?? '';
      const key = password?.toString() ?? '';
      opts.db
        .selectFrom('devices')
        .select(['secret_hash'])
        .where('sn', '=', sn)
        .executeTakeFirst()
        .then(
          (d) => {
            if (d?.secret_hash && key && d.secret_hash === hashDeviceKey(key)) {
              snOf.set(client, sn);
              done(null, true);
            } else {
              stats.refusedLogins++;
              opts.log.warn({ sn }, 'device sign-in refused');
              const err = Object.assign(new Error('Bad username or password'), { returnCode: 4 });
              done(err as never, false);
            }
          },
          (err) => done(err, false),
        );
    },
    authorizePublish: (client, packet, done) => {
      const sn = client ? snOf.get(client) : undefined;
      const m = UP.exec(packet.topic);
      if (!sn || !m || m[1] !== sn) {
        stats.refusedTopics++;
        opts.log.warn({ sn, topic: packet.topic }, 'device publish refused');
        return done(new Error('topic not allowed'));
      }
      opts.pipeline.submit(sn, m[2] as UpKind, packet.payload as Buffer).then(
        () => done(null),
        (err: Error) => {
          if (err instanceof IngestRejected) {
            // malformed or unknown: counted and dropped; the device stays connected
            stats.malformed++;
            done(null);
          } else done(err);
        },
      );
    },
    authorizeSubscribe: (client, sub, done) => {
      const sn = client ? snOf.get(client) : undefined;
      if (sn && (sub.topic === topics.downAll(sn) || sub.topic === topics.command(sn))) return done(null, sub);
      stats.refusedTopics++;
      // a refused subscription answers 0x80 in the SUBACK; the device stays connected
      done(null, null);
    },
  });
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(String(opts.port)) : err),
    );
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    stats,
    port,
    connected: true,
    publishCommand: (sn, payload) =>
      new Promise<void>((resolve, reject) =>
        broker.publish(
          {
            cmd: 'publish',
            topic: topics.command(sn),
            payload: Buffer.from(JSON.stringify(payload)),
            qos: 1,
            retain: false,
            dup: false,
          },
          (err) => (err ? reject(err) : resolve()),
        ),
      ),
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The name of this server's sessions on an external broker, the same after a restart: the broker
 * keeps what it had not had acknowledged (and, from a shared subscription, what it queued while
 * the process was down) in the session of that name, and delivers it only to a connection with
 * the same name. Made once and kept in DATA_DIR/mqtt-client-id (MQTT_CLIENT_ID overrides it).
 */
export function ingestClientId(dataDir: string): string {
  const file = join(dataDir, 'mqtt-client-id');
  const read = () => {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch {
      return '';
    }
  };
  const kept = read();
  if (kept) return kept;
  mkdirSync(dataDir, { recursive: true });
  const id = `pv-ingest-${randomBytes(6).toString('hex')}`;
  try {
    writeFileSync(file, `${id}\n`, { flag: 'wx' });
    return id;
  } catch {
    // another process on this DATA_DIR wrote it first
    return read() || id;
  }
}

/**
 * An external broker (Mosquitto, EMQX) at MQTT_URL: the server reads the devices' up topics
 * through the shared subscription, so several server processes split the stream, and
 * acknowledges each message only once it is committed. Each connection takes many messages at
 * once and acknowledges them as their batches commit (see SharedSubscriber). The sessions are
 * named `clientId`-0, -1…: a restarted process takes back its own (ingestClientId).
 *
 * A process killed without a goodbye leaves subscribed sessions behind that Mosquitto goes on
 * giving a share of the stream. Each connection's will names its session (INGEST_GONE_TOPIC,
 * ADOPT_AFTER_S after the break); every server hears it on its first connection and adopts the
 * session: takes and commits what it holds, unsubscribes it and ends it, so the processes left
 * carry the whole stream. Two servers adopting at once take the session from each other; the
 * messages neither acknowledged go to the one left. A process that comes back takes its session
 * over from an adopter, which then stops.
 */
export async function connectExternalBroker(opts: {
  url: string;
  pipeline: Ingest;
  log: FastifyBaseLogger;
  clientId: string;
  connections?: number;
}): Promise<DeviceLink> {
  const stats: BrokerStats = { refusedLogins: 0, refusedTopics: 0, malformed: 0 };
  const base = opts.clientId;
  const connections = opts.connections ?? 2;
  const adopting = new Map<string, SharedSubscriber>();
  let closing = false;
  const adopt = (clientId: string) => {
    // our own sessions (a will of this process's past life) and ones being adopted are left alone
    if (closing || adopting.has(clientId) || !/^[\w.-]{1,128}$/.test(clientId)) return;
    if (Array.from({ length: connections }, (_, n) => `${base}-${n}`).includes(clientId)) return;
    const adopter = new SharedSubscriber({
      url: opts.url,
      clientId,
      subscription: INGEST_SHARED_SUBSCRIPTION,
      also: [INGEST_GONE_TOPIC],
      will: { topic: INGEST_GONE_TOPIC, delaySeconds: ADOPT_AFTER_S },
      adopt: true,
      drainMs: 120_000,
      onMessage,
      onError: (err) => opts.log.warn({ err: err.message, clientId }, 'MQTT broker connection (adopted session)'),
    });
    adopting.set(clientId, adopter);
    opts.log.warn({ clientId }, 'adopting the MQTT session of a server that is gone: taking its share of the stream');
    adopter.start().catch(() => undefined);
    void adopter.done.then(() => {
      adopting.delete(clientId);
      opts.log.info({ clientId }, 'adopted MQTT session emptied');
    });
  };
  const onMessage = async (topic: string, payload: Buffer): Promise<void> => {
    if (topic === INGEST_GONE_TOPIC) return adopt(payload.toString());
    const m = UP.exec(topic);
    if (!m) {
      stats.refusedTopics++;
      return;
    }
    try {
      await opts.pipeline.submit(m[1]!, m[2] as UpKind, payload);
    } catch (err) {
      // malformed or unknown: counted and dropped (acknowledged)
      if (err instanceof IngestRejected) stats.malformed++;
      else {
        // not committed: no PUBACK; the connection is made again and the broker sends it again
        opts.log.error({ err }, 'ingest failed; message left unacknowledged, reconnecting');
        throw err;
      }
    }
  };
  const clients = Array.from(
    { length: connections },
    (_, n) =>
      new SharedSubscriber({
        url: opts.url,
        clientId: `${base}-${n}`,
        subscription: INGEST_SHARED_SUBSCRIPTION,
        // every server hears the wills (one connection is enough)
        also: n === 0 ? [INGEST_GONE_TOPIC] : [],
        will: { topic: INGEST_GONE_TOPIC, delaySeconds: ADOPT_AFTER_S },
        onMessage,
        onError: (err) => opts.log.warn({ err: err.message }, 'MQTT broker connection'),
      }),
  );
  try {
    await Promise.all(clients.map((c) => c.start()));
  } catch (err) {
    await Promise.all(clients.map((c) => c.close()));
    throw err;
  }
  return {
    stats,
    get connected() {
      return clients.every((c) => c.connected);
    },
    publishCommand: async (sn, payload) => {
      const c = clients.find((x) => x.connected) ?? clients[0]!;
      await c.publish(topics.command(sn), JSON.stringify(payload));
    },
    close: async () => {
      closing = true;
      // an adoption under way stops where it is: what its session still holds stays there, and the
      // adopter's will (the same client id) has another server take it up
      for (const adopter of adopting.values()) adopter.abort();
      await Promise.all(clients.map((c) => c.close()));
    },
  };
}
