import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@pv/contract';
import { buildApp } from './app.js';
import type { DemoFleet } from './db/seed/fleet.js';
import { startDemoFleet } from './demo/fleet-run.js';
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

let fleet: { stop(): Promise<void> } | undefined;
if (config.simulator && demoFleet) {
  const brokerUrl = config.mqttUrl ?? `mqtt://127.0.0.1:${app.deviceLink?.port ?? config.mqttPort}`;
  const { run, devices } = await startDemoFleet(demoFleet, brokerUrl, app.log);
  fleet = run;
  console.log(
    `Simulated fleet: ${demoFleet.plants.length} plants, ${devices} devices reporting every 10 s over MQTT (${brokerUrl}).`,
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
