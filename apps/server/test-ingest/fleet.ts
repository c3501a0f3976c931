import { topics } from '@pv/contract';
import type { Kysely } from 'kysely';
import mqtt from 'mqtt';
import type { Database } from '../src/db/database.js';

/**
 * Devices that each publish QoS 1 telemetry one message after the other (`ts` = t0, t0 + 1 s, …)
 * with a persistent session, reconnecting by themselves when the broker goes away. A message
 * counts as acknowledged when the broker's PUBACK arrives; what was sent and not acknowledged is
 * sent again after a reconnect (MQTT.js keeps it), so when `stop` resolves every message is.
 * Each device sends at most one message every `intervalMs` and reconnects after 1 s (MQTT.js's
 * default; device firmware waits as long or longer).
 */
export async function deviceFleet(url: string, sns: string[], t0: number, intervalMs = 10) {
  const acked = new Map(sns.map((sn) => [sn, 0]));
  let stopping = false;
  const clients = await Promise.all(
    sns.map((sn) =>
      mqtt.connectAsync(url, {
        clientId: `${sn}-${t0}`,
        clean: false,
        protocolVersion: 5,
        properties: { sessionExpiryInterval: 600 },
        reconnectPeriod: 1000,
        connectTimeout: 5000,
      }),
    ),
  );
  const loops = sns.map(async (sn, n) => {
    const client = clients[n]!;
    for (let i = 0; !stopping; i++) {
      await client.publishAsync(
        topics.telemetry(sn),
        JSON.stringify({ ts: t0 + i * 1000, points: { acPower: i % 5000, energyTotal: i / 100 } }),
        { qos: 1 },
      );
      acked.set(sn, i + 1);
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  });
  const total = () => [...acked.values()].reduce((a, b) => a + b, 0);
  return {
    acked,
    /** Messages acknowledged so far, all devices together. */
    total,
    /** Resolves once `n` more messages than now are acknowledged. */
    async more(n: number, timeoutMs = 30_000) {
      const target = total() + n;
      const deadline = Date.now() + timeoutMs;
      while (total() < target) {
        if (Date.now() > deadline) throw new Error(`devices got ${total()} acknowledgements, not ${target}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /** Stops after the messages in flight are acknowledged; answers the count per device. */
    async stop() {
      stopping = true;
      await Promise.all(loops);
      await Promise.all(clients.map((c) => c.endAsync()));
      return acked;
    },
  };
}

/** [sn, stored samples, last sample time] of each device whose SN starts with `prefix`, by SN. */
export async function storedPerDevice(db: Kysely<Database>, prefix: string): Promise<[string, number, number][]> {
  const rows = await db
    .selectFrom('samples as s')
    .innerJoin('devices as d', 'd.id', 's.device_id')
    .select(['d.sn', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('s.ts').as('last')])
    .where('d.sn', 'like', `${prefix}%`)
    .groupBy('d.sn')
    .orderBy('d.sn')
    .execute();
  return rows.map((r) => [r.sn, Number(r.n), Number(r.last)]);
}
