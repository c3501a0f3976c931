import { topics } from '@pv/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helper.js';
import { ingestSuite } from './suites/ingest-suite.js';

// The device protocol on the embedded broker (SQLite in `npm test`, PostgreSQL in `npm run test:pg`);
// test-ingest/ingest.test.ts runs the same suite on Mosquitto.
const s = ingestSuite(async () => {
  const t = await buildTestApp();
  return { t, brokerUrl: () => `mqtt://127.0.0.1:${t.app.deviceLink!.port}`, ackAfterCommit: true };
});

// The embedded broker signs devices in and checks their topics itself (with Mosquitto, its
// password file and ACL do: test-ingest/acl.test.ts).
describe('device sign-in and topics on the embedded broker', () => {
  it('refuses a wrong key and counts it', async () => {
    const before = s.t.app.deviceLink!.stats.refusedLogins;
    await expect(s.connect(s.SN, 'wrong')).rejects.toThrow();
    await expect(s.connect('NOSUCHDEVICE', s.KEY)).rejects.toThrow();
    expect(s.t.app.deviceLink!.stats.refusedLogins).toBe(before + 2);
  });

  it('lets a device use only its own topics', async () => {
    const c = await s.connect(s.SN, s.KEY);
    // refused with 0x80 in the SUBACK; the device stays connected
    await expect(c.subscribeAsync(topics.downAll('TESTINV02'), { qos: 1 })).rejects.toThrow(/Subscribe error/);
    expect(c.connected).toBe(true);
    const own = await c.subscribeAsync(topics.downAll(s.SN), { qos: 1 });
    expect(own[0]!.qos).toBe(1);
    const refused = s.t.app.deviceLink!.stats.refusedTopics;
    const before = (await s.samplesOf('TESTINV02')).length;
    c.publish(topics.telemetry('TESTINV02'), JSON.stringify({ ts: Date.now(), points: { acPower: 1 } }), { qos: 1 });
    await expect.poll(() => s.t.app.deviceLink!.stats.refusedTopics).toBe(refused + 1);
    expect(await s.samplesOf('TESTINV02')).toHaveLength(before);
    c.end(true);
  });
});
