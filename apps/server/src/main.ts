import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@pv/contract';
import { fleetFaultRate, startFleet, type FleetRun } from '@pv/simulator';
import { buildApp } from './app.js';
import type { DemoFleet } from './db/seed/fleet.js';
import { PortInUseError } from './ingest/broker.js';
import { ConfigError, loadConfig } from './config.js';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

let demoFleet: DemoFleet | undefined;
let app;
try {
  app = await buildApp(config, {
    onAdminPassword: (password) =>
      console.log(
        `\nFirst start: the administrator "admin" has the one-time password ${password} — change it after signing in.\n`,
      ),
    onDemoFleet: (fleet) => {
      demoFleet = fleet;
    },
  });
} catch (err) {
  if (err instanceof PortInUseError) {
    console.error(
      `MQTT port ${config.mqttPort} is in use: set MQTT_PORT to a free port, or MQTT_URL to use the broker that listens there.`,
    );
    process.exit(1);
  }
  throw err;
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') console.error(`Port ${config.port} is in use: set PORT to a free port.`);
  else console.error(`Cannot start: ${e.message}`);
  await app.close();
  process.exit(1);
}

const url = `http://localhost:${config.port}`;
console.log(`\nPV Console is running at ${url}  (API ${url}/photo_voltaic, docs ${url}/photo_voltaic/docs)`);
if (config.demo) {
  console.log('Demo logins (password for all: ' + DEMO_PASSWORD + '):');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username.padEnd(8)} ${a.description}`);
}

let fleet: FleetRun | undefined;
if (config.simulator && demoFleet) {
  const { plants, keys, counters } = demoFleet;
  const brokerUrl = config.mqttUrl ?? `mqtt://127.0.0.1:${app.deviceLink?.port ?? config.mqttPort}`;
  fleet = await startFleet({
    brokerUrl,
    plants,
    seed: 42,
    intervalMs: 10_000,
    credentials: (sn) => ({ username: sn, password: keys.get(sn) ?? '' }),
    resume: (sn) => counters.get(sn),
    // about one new fault every 5 minutes across the fleet, whatever its size (docs/operations.md)
    faultRatePerHour: fleetFaultRate(plants, 5),
    onError: (sn, err) => app.log.warn({ sn, err: err.message }, 'simulated device error'),
  });
  const devices = plants.reduce((n, p) => n + p.devices.length, 0);
  console.log(
    `Simulated fleet: ${plants.length} plants, ${devices} devices reporting every 10 s over MQTT (${brokerUrl}).`,
  );
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    // stops accepting, lets running requests finish, then closes the database
    Promise.resolve(fleet?.stop())
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err) => {
          console.error(err);
          process.exit(1);
        },
      );
  });
}
