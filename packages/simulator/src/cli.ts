#!/usr/bin/env node
// `npm run simulate -- --devices N --broker URL [--seed S] [--interval MS] [--speed X]`
//   [--api URL --user NAME --password PW]  registers the fleet in that console first (plants,
//   devices, a key each) and signs every device in with its own key; without it every device
//   signs in with --key (a broker that does not check keys, or devices registered beforehand)
import { parseArgs } from 'node:util';
import { createFleet, createInverterFleet } from './fleet.js';
import { registerFleet, RegisterError } from './register.js';
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
    api: { type: 'string', default: process.env.PV_API_URL },
    user: { type: 'string', default: process.env.PV_USER ?? 'admin' },
    password: { type: 'string', default: process.env.PV_PASSWORD },
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
const plants = values.plants
  ? createFleet({ seed, plants: num('plants', values.plants) })
  : createInverterFleet(seed, num('devices', values.devices));
const devices = plants.reduce((s, p) => s + p.devices.length, 0);
let keys: Map<string, string> | undefined;
if (values.api) {
  if (!values.password) {
    console.error('--api needs --password (or PV_PASSWORD) of the console account that registers the fleet');
    process.exit(2);
  }
  try {
    keys = await registerFleet(plants, {
      api: values.api,
      username: values.user!,
      password: values.password,
      log: (line) => console.log(line),
    });
  } catch (err) {
    if (!(err instanceof RegisterError)) throw err;
    console.error(`Cannot register the fleet: ${err.message}`);
    process.exit(1);
  }
}
console.log(`Simulating ${devices} devices in ${plants.length} plants against ${values.broker}`);
const run = await startFleet({
  brokerUrl: values.broker!,
  plants,
  seed,
  intervalMs: num('interval', values.interval),
  speed: num('speed', values.speed),
  credentials: (sn) => ({ username: sn, password: keys?.get(sn) ?? values.key ?? '' }),
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
