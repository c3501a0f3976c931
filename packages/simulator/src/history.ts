import type { SimPlant } from './fleet.js';
import { PlantSim, type Outgoing } from './plant-sim.js';

export interface HistoryOptions {
  seed: number;
  /** first instant simulated (epoch ms) */
  from: number;
  /** last instant simulated (epoch ms, inclusive) */
  to: number;
  /** the step after an instant (ms): e.g. coarse for old days, 5 minutes for the recent ones */
  stepAt: (ts: number) => number;
  /**
   * Counters start at zero at `from` (the plant's installation), the first instant reporting
   * zero; by default they start at a random reading, the first instant adding one step.
   */
  fromInstallation?: boolean;
}

/**
 * The plant's past as the live simulator would have reported it: the same model (clear sky,
 * clouds, temperature, counters), stepped over [from, to] without faults or silences. Calls
 * `onStep` with the telemetry of each instant; answers the simulator, whose counters then stand
 * at `to` (what a live run resumes from).
 */
export function simulateHistory(
  plant: SimPlant,
  options: HistoryOptions,
  onStep: (ts: number, telemetry: Outgoing[]) => void,
): PlantSim {
  const sim = new PlantSim(plant, options.seed, {
    faultRatePerHour: 0,
    offlineRatePerHour: 0,
    counterStart: options.fromInstallation ? 'zero' : 'random',
  });
  let prev: number | undefined;
  for (let t = options.from; t <= options.to;) {
    const dt = prev === undefined ? (options.fromInstallation ? 0 : options.stepAt(t)) : t - prev;
    onStep(t, sim.step(t, dt));
    prev = t;
    t += Math.max(1000, options.stepAt(t));
  }
  return sim;
}
