import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@pv/test-ports';
import { e2eServers, type E2EServer } from './support/servers';

// One server per worker (E2E_WORKERS, 2 by default): the runner evaluates this file once and its
// workers inherit process.env, so the ports and data directories chosen here reach every test
// through E2E_SERVERS (support/servers.ts). A test file runs whole in one worker, against one server.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
if (!process.env.E2E_SERVERS) {
  const servers: E2EServer[] = [];
  for (let i = 0; i < workers; i++)
    servers.push({
      url: `http://127.0.0.1:${await freePort()}`,
      mqttPort: await freePort(),
      dataDir: mkdtempSync(join(tmpdir(), 'pv-e2e-')),
    });
  process.env.E2E_SERVERS = JSON.stringify(servers);
}
const servers = e2eServers();

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: servers.length,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/results.json' }]]
    : [['list']],
  use: {
    baseURL: servers[0]!.url,
    locale: 'en-US',
    viewport: { width: 1440, height: 900 },
    // a failed test keeps its trace (actions, DOM snapshots, network, console) and its screenshot;
    // without the trace's screencast, which cost about a tenth of the suite's time on 2 cores
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: servers.map((server) => ({
    command: 'node ../scripts/e2e-server.mjs',
    url: `${server.url}/photo_voltaic/health`,
    // two servers seed their demo side by side: on a slow 2-core host that takes about a minute
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: {
      PORT: new URL(server.url).port,
      MQTT_PORT: String(server.mqttPort),
      DATA_DIR: server.dataDir,
      DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  })),
});
