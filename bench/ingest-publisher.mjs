// A worker thread of bench/ingest.ts: connects its share of the simulated devices and publishes
// their QoS 1 telemetry, so the publishing clients do not compete with the main thread of the bench.
// Closed loop (rate 0): up to `inflight` unacknowledged messages per device, as fast as acknowledged.
// Open loop (rate > 0): messages at a steady `rate` per second over this worker's devices.
import { connect as netConnect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { generate, parser as packetParser } from 'mqtt-packet';

/**
 * A bare MQTT 3.1.1 device connection (mqtt-packet over a socket): CONNECT with SN and key,
 * QoS 1 PUBLISH resolved on its PUBACK. A full client costs more CPU per message than the server
 * spends on it, and on a 2-core machine the bench would then measure itself.
 */
function connectDevice(url, opts) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = netConnect({ host: hostname, port: Number(port || 1883) });
    socket.setNoDelay(true);
    const parser = packetParser();
    const pending = new Map();
    let nextId = 0;
    const device = {
      publishAsync: (topic, payload) =>
        new Promise((res, rej) => {
          nextId = (nextId % 65535) + 1;
          pending.set(nextId, { res, rej });
          socket.write(
            generate({ cmd: 'publish', topic, payload, qos: 1, messageId: nextId, retain: false, dup: false }),
          );
        }),
      endAsync: () =>
        new Promise((res) => {
          socket.end(generate({ cmd: 'disconnect' }));
          socket.once('close', res);
          setTimeout(() => socket.destroy(), 1000).unref();
        }),
    };
    parser.on('packet', (packet) => {
      if (packet.cmd === 'connack') {
        if (packet.returnCode) reject(new Error(`connection refused (${packet.returnCode})`));
        else resolve(device);
      } else if (packet.cmd === 'puback') {
        const p = pending.get(packet.messageId);
        pending.delete(packet.messageId);
        p?.res();
      }
    });
    socket.on('data', (buf) => parser.parse(buf));
    socket.on('error', reject);
    socket.on('close', () => {
      for (const p of pending.values()) p.rej(new Error('connection closed'));
      pending.clear();
    });
    socket.on('connect', () =>
      socket.write(
        generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: true,
          clientId: opts.clientId,
          keepalive: 0,
          ...(opts.username ? { username: opts.username, password: Buffer.from(opts.password) } : {}),
        }),
      ),
    );
  });
}

const { brokerUrl, sns, key, perDevice, inflight, rate, t0, external } = workerData;
const epoch = () => performance.timeOrigin + performance.now();
const payload = (k) =>
  JSON.stringify({
    ts: t0 + k * 60_000,
    points: { acPower: 1000 + k, energyTotal: 100 + k * 0.02, gridVoltage: 230, sentAt: Math.round(epoch()) },
  });

const clients = [];
for (let i = 0; i < sns.length; i += 100) {
  const part = sns.slice(i, i + 100);
  clients.push(
    ...(await Promise.all(
      part.map((sn) =>
        connectDevice(brokerUrl, external ? { clientId: sn } : { clientId: sn, username: sn, password: key }),
      ),
    )),
  );
}
// publish → PUBACK in ms; with the embedded broker the PUBACK follows the commit
const acks = new Float64Array(sns.length * perDevice);
let acked = 0;
let failed = 0;
const send = async (d, k) => {
  const sent = performance.now();
  try {
    await clients[d].publishAsync(`pv/${sns[d]}/up/telemetry`, payload(k));
    acks[acked++] = performance.now() - sent;
  } catch {
    failed++;
  }
};

parentPort.postMessage({ type: 'ready' });
await new Promise((resolve) => parentPort.once('message', resolve));
const started = performance.now();
if (!rate) {
  await Promise.all(
    clients.map(async (_c, d) => {
      let next = 0;
      const lane = async () => {
        while (next < perDevice) await send(d, next++);
      };
      await Promise.all(Array.from({ length: inflight }, lane));
    }),
  );
} else {
  // message j = round k of device d, due at j / rate seconds after the start
  const total = sns.length * perDevice;
  const pending = [];
  let j = 0;
  while (j < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    for (; j < due; j++) pending.push(send(j % sns.length, Math.floor(j / sns.length)));
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(pending);
}
const elapsed = performance.now() - started;
parentPort.postMessage({ type: 'done', elapsed, failed, acks: acks.slice(0, acked) });
await new Promise((resolve) => parentPort.once('message', resolve));
await Promise.all(clients.map((c) => c.endAsync()));
parentPort.postMessage({ type: 'closed' });
