import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort, freePorts } from './index';

const listen = (port: number) =>
  new Promise<() => Promise<void>>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => resolve(() => new Promise((r) => s.close(() => r()))));
  });

describe('freePort', () => {
  it('gives a port below the ephemeral range that can be listened on', async () => {
    const port = await freePort();
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    expect(port).toBeGreaterThanOrEqual(20000);
    expect(port).toBeLessThan(low);
    const close = await listen(port);
    await close();
  });

  it('never gives a port something listens on, nor the same port twice', async () => {
    const taken = await freePort();
    const close = await listen(taken);
    try {
      const ports = await freePorts(50);
      expect(new Set(ports).size).toBe(50);
      expect(ports).not.toContain(taken);
    } finally {
      await close();
    }
  });
});
