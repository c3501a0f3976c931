#!/usr/bin/env node
// `npm run simulate -- --devices N --broker URL [--seed S] [--interval MS] [--speed X]`
import { parseArgs } from 'node:util';
import { createFleet, createInverterFleet } from './fleet.js';
import { startFleet } from './runner.js';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '50' },
    plants: { type: 'string' },
    broker: { type: 'string', default: process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883' },
    seed: { type: 'string', default: '42' },
    interval: { type: 'string', default: '10000' },
    speed: { type: 'string', default: '1' },
    key: { type: 'string', default: process.env.DEVICE_KEY ?? '' },
  },
});
const num = (name: string, v: string | undefined) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`--${name} must be a number (got ${v})`);
    process.exit(2);
  }
  return n;
};
const seed = num('seed', values.seed);
const plants = values.plants ? createFleet({ seed, plants: num('plants', values.plants) }) : createInverterFleet(seed, num('devices', values.devices));
const devices = plants.reduce((s, p) => s + p.devices.length, 0);
console.log(`Simulating ${devices} devices in ${plants.length} plants against ${values.broker}`);
const run = await startFleet({
  brokerUrl: values.broker!,
  plants,
  seed,
  intervalMs: num('interval', values.interval),
  speed: num('speed', values.speed),
  credentials: (sn) => ({ username: sn, password: values.key ?? '' }),
  onError: (sn, err) => console.error(`${sn}: ${err.message}`),
});
const report = setInterval(() => console.log(`published ${run.published}, failed ${run.failed}`), 10_000);
const stop = async () => {
  clearInterval(report);
  await run.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
