import { Aedes } from 'aedes';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { topics, telemetryMessage, ackMessage } from '@pv/contract';
import { startFleet } from './runner.js';

let broker: Aedes;
let server: Server;
let url: string;

beforeAll(async () => {
  broker = await Aedes.createBroker();
  server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `mqtt://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('publishes valid telemetry over real MQTT and acknowledges a command', async () => {
  const plant = {
    id: 'P1',
    name: 'T',
    latitude: 31.2,
    longitude: 121.5,
    timeZone: 'Asia/Shanghai',
    capacityWp: 5000,
    devices: [{ sn: 'INVT01', type: 'inverter' as const, plantId: 'P1', capacityWp: 5000 }],
  };
  const platform = await mqtt.connectAsync(url, { clientId: 'platform' });
  const received: { topic: string; body: unknown }[] = [];
  platform.on('message', (topic, buf) => received.push({ topic, body: JSON.parse(buf.toString()) }));
  await platform.subscribeAsync('pv/+/up/#', { qos: 1 });
  const run = await startFleet({
    brokerUrl: url,
    plants: [plant],
    seed: 1,
    intervalMs: 50,
    credentials: (sn) => ({ username: sn, password: 'k' }),
  });
  try {
    await expect
      .poll(() => received.filter((r) => r.topic === topics.telemetry('INVT01')).length)
      .toBeGreaterThanOrEqual(2);
    for (const r of received.filter((x) => x.topic === topics.telemetry('INVT01')))
      expect(telemetryMessage.safeParse(r.body).success).toBe(true);
    await platform.publishAsync(
      topics.command('INVT01'),
      JSON.stringify({ cmdId: 'cmd-1', kind: 'control', params: { mode: 'discharge' } }),
      { qos: 1 },
    );
    await expect
      .poll(() => received.find((r) => r.topic === topics.ack('INVT01'))?.body)
      .toMatchObject({ cmdId: 'cmd-1', ok: true });
    const ack = received.find((r) => r.topic === topics.ack('INVT01'))!;
    expect(ackMessage.safeParse(ack.body).success).toBe(true);
    expect(run.failed).toBe(0);
  } finally {
    await run.stop();
    await platform.endAsync();
  }
});
