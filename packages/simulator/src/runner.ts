import { commandMessage, topics } from '@pv/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { SimPlant } from './fleet.js';
import { PlantSim, type Outgoing, type SimOptions } from './plant-sim.js';

export interface FleetRunOptions extends SimOptions {
  brokerUrl: string;
  plants: SimPlant[];
  seed: number;
  /** Real time between two messages of a device (default 10 s). */
  intervalMs?: number;
  /** Simulated time per real time (default 1: real time). */
  speed?: number;
  /** Credentials a device connects with: its SN and its device key. */
  credentials?: (sn: string) => { username: string; password: string };
  onError?: (sn: string, err: Error) => void;
  /** Each message the broker acknowledged (its PUBACK), e.g. to count what must be stored. */
  onAck?: (item: Outgoing) => void;
}

export interface FleetRun {
  readonly published: number;
  readonly failed: number;
  stop(): Promise<void>;
}

/** Runs the fleet over real MQTT: one connection per device, QoS 1, commands answered with acks. */
export async function startFleet(options: FleetRunOptions): Promise<FleetRun> {
  const interval = options.intervalMs ?? 10_000;
  const speed = options.speed ?? 1;
  const sims = options.plants.map((p) => new PlantSim(p, options.seed, options));
  const clients = new Map<string, MqttClient>();
  let published = 0;
  let failed = 0;
  const started = Date.now();
  const simNow = () => started + (Date.now() - started) * speed;

  const send = (items: Outgoing[]) => {
    for (const item of items) {
      const client = clients.get(item.sn);
      if (!client) continue;
      const topic =
        item.kind === 'telemetry'
          ? topics.telemetry(item.sn)
          : item.kind === 'event'
            ? topics.event(item.sn)
            : topics.ack(item.sn);
      client.publish(topic, JSON.stringify(item.payload), { qos: 1 }, (err) => {
        if (err) {
          failed++;
          options.onError?.(item.sn, err);
        } else {
          published++;
          options.onAck?.(item);
        }
      });
    }
  };

  await Promise.all(
    sims.flatMap((sim) =>
      sim.serials.map(
        (sn) =>
          new Promise<void>((resolve, reject) => {
            const creds = options.credentials?.(sn) ?? { username: sn, password: '' };
            const client = mqtt.connect(options.brokerUrl, {
              clientId: `sim-${sn}`,
              ...creds,
              reconnectPeriod: 2000,
              connectTimeout: 10_000,
            });
            clients.set(sn, client);
            client.once('connect', () => {
              client.subscribe(topics.downAll(sn), { qos: 1 }, () => resolve());
              // its versions, for the registry (a sub device's come with its collector's telemetry)
              send([sim.info(sn, simNow())]);
            });
            client.once('error', reject);
            client.on('message', (_topic, buf) => {
              const parsed = commandMessage.safeParse(safeJson(buf.toString()));
              if (parsed.success) send(sim.command(sn, parsed.data, simNow()));
            });
          }),
      ),
    ),
  );

  let last = simNow();
  const timer = setInterval(() => {
    const now = simNow();
    for (const sim of sims) send(sim.step(now, now - last));
    last = now;
  }, interval);
  for (const sim of sims) send(sim.step(last, interval * speed));

  return {
    get published() {
      return published;
    },
    get failed() {
      return failed;
    },
    async stop() {
      clearInterval(timer);
      await Promise.all([...clients.values()].map((c) => c.endAsync()));
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
