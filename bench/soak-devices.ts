// The simulated fleet of bench/soak.ts, as a process of its own (its memory is measured apart):
// the device simulator (@pv/simulator: inverters of plants of 10, real-time solar telemetry, QoS 1,
// faults, commands answered) against the broker. The fleet starts in `groups` parts spread over
// one report interval, so the devices report evenly rather than all in the same second.
// Talks to its parent over IPC: 'ready' once every device is connected, a 'progress' every 5 s,
// and on 'stop' the telemetry messages the broker acknowledged per SN ('done').
import type { Outgoing } from '../packages/simulator/src/plant-sim.js';
import { createInverterFleet } from '../packages/simulator/src/fleet.js';
import { startFleet, type FleetRun } from '../packages/simulator/src/runner.js';

const { brokerUrl, devices, seed, intervalMs, groups } = JSON.parse(process.argv[2]!) as {
  brokerUrl: string;
  devices: number;
  seed: number;
  intervalMs: number;
  groups: number;
};
const send = (message: unknown) => process.send!(message);

const plants = createInverterFleet(seed, devices);
const acked = new Map<string, number>();
const onAck = (item: Outgoing) => {
  if (item.kind === 'telemetry') acked.set(item.sn, (acked.get(item.sn) ?? 0) + 1);
};
const runs: FleetRun[] = [];
const started = performance.now();
const per = Math.ceil(plants.length / groups);
for (let g = 0; g * per < plants.length; g++) {
  const wait = started + (g * intervalMs) / groups - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  runs.push(
    await startFleet({
      brokerUrl,
      plants: plants.slice(g * per, (g + 1) * per),
      seed,
      intervalMs,
      onAck,
    }),
  );
}
const total = () => [...acked.values()].reduce((a, b) => a + b, 0);
send({ type: 'ready', sns: plants.flatMap((p) => p.devices.map((d) => d.sn)) });
const progress = setInterval(
  () => send({ type: 'progress', acked: total(), failed: runs.reduce((s, r) => s + r.failed, 0) }),
  5000,
);
process.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(progress);
  // the messages in flight are acknowledged (or fail) before the connections end
  void Promise.all(runs.map((r) => r.stop())).then(() => {
    send({
      type: 'done',
      acked: Object.fromEntries(acked),
      failed: runs.reduce((s, r) => s + r.failed, 0),
    });
    process.disconnect();
  });
});
