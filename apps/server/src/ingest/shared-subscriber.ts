import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { generate, parser as packetParser, type Packet } from 'mqtt-packet';

/**
 * One MQTT 5 connection of the ingest server to an external broker, reading the devices' up
 * topics through the shared subscription. Unlike a general client (MQTT.js handles one incoming
 * message at a time per connection when the acknowledgement waits for our commit), it takes many
 * messages at once — up to `receiveMaximum` unacknowledged — and acknowledges each with its own
 * PUBACK when `onMessage` settles, in any order (MQTT 5 allows that). The session outlives a
 * disconnect (clean start off, expiry one hour): what was not acknowledged is delivered again to
 * the next connection with the same client id (after a crash, the restarted process).
 *
 * Mosquitto hands a share of a shared subscription to an offline session too, so `close` first
 * unsubscribes (the others then take the whole stream), lets what was delivered commit and be
 * acknowledged, and only then disconnects.
 *
 * A process that dies (SIGKILL, a crash) cannot unsubscribe: its sessions keep taking a share of
 * the stream that nobody reads. With `will`, each connection leaves the broker a will message (its
 * client id, published `will.delaySeconds` after the connection broke unless it came back); another
 * server that gets it adopts the session (`adopt`): connects with that client id, takes and commits
 * what the session holds, unsubscribes, lets the rest drain and ends the session.
 */
export interface SharedSubscriberOptions {
  url: string;
  clientId: string;
  subscription: string;
  /** Resolves to acknowledge the message; rejects to leave it unacknowledged (the connection is dropped and made again). */
  onMessage: (topic: string, payload: Buffer) => Promise<void>;
  onError: (err: Error) => void;
  receiveMaximum?: number;
  keepaliveSeconds?: number;
  /** Wait between attempts once the quick ones (QUICK_RETRIES, QUICK_RETRY_MS apart) failed; default 2 s. */
  reconnectMs?: number;
  /** How long `close` waits for delivered messages to commit (default 10 s); what is left stays in the session. */
  drainMs?: number;
  /** Plain (not shared) subscriptions taken besides `subscription`, QoS 1. */
  also?: string[];
  /** The will message: the client id on `topic`, `delaySeconds` after the connection broke. */
  will?: { topic: string; delaySeconds: number };
  /**
   * Adopts the session of a server that is gone: no subscription of its own, and once the session's
   * messages are committed it unsubscribes, drains and ends the session (`done` resolves). Never
   * connects again: when the owner comes back and takes the session over, the adoption just ends.
   */
  adopt?: boolean;
}

/** After the UNSUBACK, the broker may still send what it had queued for this session: the drain ends after this long without a new message. */
const QUIET_MS = 200;
const TAKEN_OVER = 0x8e;
/**
 * After a lost connection the first attempts come this soon, this many times: Mosquitto (2.0.11)
 * does not restore shared subscriptions from its persistence file, so after a broker restart a
 * device message that arrives before the servers subscribed again has no subscriber and is dropped
 * although the broker acknowledged it. The servers must be back before the devices (whose
 * reconnect period is a second or more).
 */
const QUICK_RETRY_MS = 100;
const QUICK_RETRIES = 20;

const OPTS = { protocolVersion: 5 } as const;

export class SharedSubscriber {
  private socket: Socket | undefined;
  /** bumped on every connection: an ack of a message from an older connection is not sent */
  private generation = 0;
  private closing = false;
  private ready = false;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  private ping: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private lastSeen = 0;
  private firstConnect: { resolve: () => void; reject: (err: Error) => void } | undefined;
  /** messages handed to onMessage and not settled yet */
  private unsettled = 0;
  /** failed connection attempts since the last subscribed connection */
  private attempts = 0;
  private lastMessageAt = 0;
  private adopted: (() => void) | undefined;
  /** With `adopt`: resolves when the adoption ended (the session emptied and ended, or taken back). */
  readonly done = new Promise<void>((resolve) => (this.adopted = resolve));

  constructor(private readonly o: SharedSubscriberOptions) {}

  get connected() {
    return this.ready;
  }

  /** Connects and subscribes; rejects when the first attempt fails. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.firstConnect = { resolve, reject };
      this.open();
    });
  }

  /** A QoS 1 publish, resolved on the broker's PUBACK. */
  publish(topic: string, payload: string | Buffer): Promise<void> {
    if (!this.ready || !this.socket) return Promise.reject(new Error('not connected to the MQTT broker'));
    const messageId = this.packetId();
    return new Promise<void>((resolve, reject) => {
      this.pending.set(messageId, { resolve, reject });
      this.send({ cmd: 'publish', topic, payload, qos: 1, messageId, retain: false, dup: false });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    if (!socket || socket.destroyed) return;
    const drained = this.ready ? await this.leave(socket) : true;
    if (socket.destroyed) return;
    if (this.o.adopt && !drained) {
      // not emptied in time: the connection just breaks, so its will (the same client id) has
      // another server adopt the session again; ending it now would lose what it still holds
      socket.destroy();
      return;
    }
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      // an adopted session ends here (expiry 0); our own stays for the next start
      if (this.ready)
        this.send({
          cmd: 'disconnect',
          reasonCode: 0,
          ...(this.o.adopt ? { properties: { sessionExpiryInterval: 0 } } : {}),
        });
      socket.end();
      setTimeout(() => socket.destroy(), 2000).unref();
    });
  }

  /** Breaks the connection without a goodbye: the broker keeps the session and, after the will delay, publishes the will. */
  abort() {
    this.closing = true;
    clearTimeout(this.reconnectTimer);
    this.socket?.destroy();
  }

  /**
   * Unsubscribes, then waits (up to drainMs) until every delivered message is settled and the
   * broker has sent nothing more for a moment; answers whether it got there.
   */
  private async leave(socket: Socket): Promise<boolean> {
    const deadline = Date.now() + (this.o.drainMs ?? 10_000);
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
    const messageId = this.packetId();
    const unsubscribed = new Promise<void>((resolve, reject) => this.pending.set(messageId, { resolve, reject }));
    this.send({ cmd: 'unsubscribe', messageId, unsubscriptions: [this.o.subscription, ...(this.o.also ?? [])] });
    await Promise.race([unsubscribed.catch(() => undefined), sleep(deadline - Date.now())]);
    while (
      Date.now() < deadline &&
      !socket.destroyed &&
      (this.unsettled > 0 || Date.now() - this.lastMessageAt < QUIET_MS)
    )
      await sleep(20);
    return !socket.destroyed && this.unsettled === 0 && Date.now() - this.lastMessageAt >= QUIET_MS;
  }

  private packetId() {
    do this.nextId = (this.nextId % 65535) + 1;
    while (this.pending.has(this.nextId));
    return this.nextId;
  }

  private send(packet: Packet) {
    this.socket?.write(generate(packet, OPTS));
  }

  private open() {
    const url = new URL(this.o.url);
    const tls = url.protocol === 'mqtts:' || url.protocol === 'ssl:';
    const port = Number(url.port || (tls ? 8883 : 1883));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const socket = tls ? tlsConnect({ host, port, servername: host }) : netConnect({ host, port });
    socket.setNoDelay(true);
    const generation = ++this.generation;
    this.socket = socket;
    const parser = packetParser(OPTS);
    const keepalive = this.o.keepaliveSeconds ?? 30;
    parser.on('packet', (packet: Packet) => this.onPacket(packet, generation));
    parser.on('error', (err: Error) => {
      this.o.onError(err);
      socket.destroy();
    });
    socket.on(tls ? 'secureConnect' : 'connect', () => {
      this.lastSeen = Date.now();
      this.send({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 5,
        clean: false,
        clientId: this.o.clientId,
        keepalive,
        ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
        ...(url.password ? { password: Buffer.from(decodeURIComponent(url.password)) } : {}),
        properties: { sessionExpiryInterval: 3600, receiveMaximum: this.o.receiveMaximum ?? 2000 },
        ...(this.o.will
          ? {
              will: {
                topic: this.o.will.topic,
                payload: Buffer.from(this.o.clientId),
                qos: 1,
                retain: false,
                properties: { willDelayInterval: this.o.will.delaySeconds },
              },
            }
          : {}),
      });
      this.ping = setInterval(
        () => {
          if (Date.now() - this.lastSeen > keepalive * 1500) socket.destroy(new Error('MQTT broker stopped answering'));
          else this.send({ cmd: 'pingreq' });
        },
        (keepalive * 1000) / 2,
      );
      this.ping.unref();
    });
    socket.on('data', (buf: Buffer) => {
      this.lastSeen = Date.now();
      parser.parse(buf);
    });
    socket.on('error', (err) => {
      if (this.firstConnect) this.firstConnect.reject(err);
      else if (!this.closing) this.o.onError(err);
    });
    socket.on('close', () => {
      clearInterval(this.ping);
      this.ready = false;
      if (this.socket === socket) this.socket = undefined;
      for (const [, p] of this.pending) p.reject(new Error('connection to the MQTT broker lost'));
      this.pending.clear();
      if (this.firstConnect) {
        this.firstConnect.reject(new Error('could not connect to the MQTT broker'));
        this.firstConnect = undefined;
        return;
      }
      if (this.o.adopt) {
        this.closing = true;
        this.adopted?.();
      }
      if (!this.closing)
        this.reconnectTimer = setTimeout(
          () => this.open(),
          this.attempts++ < QUICK_RETRIES ? QUICK_RETRY_MS : (this.o.reconnectMs ?? 2000),
        );
    });
  }

  private onPacket(packet: Packet, generation: number) {
    switch (packet.cmd) {
      case 'connack': {
        if (packet.reasonCode) {
          const err = new Error(`MQTT broker refused the connection (reason ${packet.reasonCode})`);
          if (this.firstConnect) this.firstConnect.reject(err);
          else this.o.onError(err);
          this.socket?.destroy();
          return;
        }
        if (this.o.adopt) {
          // the messages the session holds come now; then it is emptied and ended
          this.ready = true;
          this.firstConnect?.resolve();
          this.firstConnect = undefined;
          void this.close().finally(() => this.adopted?.());
          return;
        }
        // subscribe every time: harmless when the session kept the subscription
        this.send({
          cmd: 'subscribe',
          messageId: this.packetId(),
          subscriptions: [this.o.subscription, ...(this.o.also ?? [])].map((topic) => ({ topic, qos: 1 as const })),
        });
        return;
      }
      case 'suback': {
        const [code, ...others] = packet.granted;
        // a refused extra topic (an ACL from before it existed) is said, not fatal: the device stream comes
        others.forEach((g, i) => {
          if (typeof g === 'number' && g >= 0x80)
            this.o.onError(new Error(`MQTT broker refused the subscription ${this.o.also?.[i]} (reason ${g})`));
        });
        if (typeof code === 'number' && code >= 0x80) {
          const err = new Error(`MQTT broker refused the subscription ${this.o.subscription} (reason ${code})`);
          if (this.firstConnect) this.firstConnect.reject(err);
          else this.o.onError(err);
          this.socket?.destroy();
          return;
        }
        this.ready = true;
        this.attempts = 0;
        this.firstConnect?.resolve();
        this.firstConnect = undefined;
        return;
      }
      case 'publish': {
        const { topic, payload, qos, messageId } = packet;
        const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
        this.unsettled++;
        this.lastMessageAt = Date.now();
        this.o
          .onMessage(topic, body)
          .then(
            () => {
              // only on the connection that delivered it: after a reconnect the broker sends it again
              if (qos > 0 && generation === this.generation && this.socket && !this.socket.destroyed)
                this.send({ cmd: 'puback', messageId, reasonCode: 0 });
            },
            () => {
              if (generation === this.generation) this.socket?.destroy();
            },
          )
          .finally(() => {
            this.unsettled--;
            this.lastMessageAt = Date.now();
          });
        return;
      }
      case 'unsuback': {
        const p = this.pending.get(packet.messageId!);
        this.pending.delete(packet.messageId!);
        p?.resolve();
        return;
      }
      case 'puback': {
        const p = this.pending.get(packet.messageId!);
        this.pending.delete(packet.messageId!);
        if (!p) return;
        if (packet.reasonCode && packet.reasonCode >= 0x80)
          p.reject(new Error(`MQTT broker refused the publish (reason ${packet.reasonCode})`));
        else p.resolve();
        return;
      }
      case 'disconnect':
        // two processes with one client id take the session from each other in turn (an adoption
        // ends quietly when the session's owner comes back)
        if (packet.reasonCode === TAKEN_OVER && !this.o.adopt)
          this.o.onError(
            new Error(
              `another connection with the MQTT client id ${this.o.clientId} took over the session: each server process needs its own (MQTT_CLIENT_ID, or its own DATA_DIR)`,
            ),
          );
        this.socket?.destroy();
        return;
      default:
        return;
    }
  }
}
