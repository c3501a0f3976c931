import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@pv/contract';
import { buildApp } from './app.js';
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

const app = await buildApp(config, {
  onAdminPassword: (password) => console.log(`\nFirst start: the administrator "admin" has the one-time password ${password} — change it after signing in.\n`),
});

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

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    // stops accepting, lets running requests finish, then closes the database
    app.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
