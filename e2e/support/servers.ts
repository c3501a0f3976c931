import { test as base } from '@playwright/test';

/**
 * One demo server per worker: each has its own port, embedded broker and SQLite file, so two
 * workers never see each other's writes. playwright.config.ts chooses them once, in the runner,
 * and hands them to its workers through E2E_SERVERS (workers inherit the runner's environment).
 */
export interface E2EServer {
  url: string;
  mqttPort: number;
  dataDir: string;
}

export function e2eServers(): E2EServer[] {
  const raw = process.env.E2E_SERVERS;
  if (!raw) throw new Error('E2E_SERVERS is not set: run the suite through playwright.config.ts');
  return JSON.parse(raw) as E2EServer[];
}

/** The server of the worker running the current test (or hook). */
export function currentServer(): E2EServer {
  const servers = e2eServers();
  return servers[base.info().parallelIndex % servers.length]!;
}
