// The clear-sky model itself is shared with the console (its expected-yield curve): see @pv/solar.

/** Module temperature derating: −0.4 %/°C above 25 °C cell temperature. */
export function temperatureDerate(ambientC: number, ghi: number): number {
  const cell = ambientC + ghi * 0.03; // NOCT-style rise, ~30 °C at 1000 W/m²
  return cell > 25 ? Math.max(0.6, 1 - 0.004 * (cell - 25)) : 1;
}

/** AC power (W) of a plant part of `capacityWp` under the given irradiance and cloudiness. */
export function acPower(
  capacityWp: number,
  ghi: number,
  ambientC: number,
  cloudFactor: number,
  performanceRatio = 0.86,
): number {
  const p = capacityWp * (ghi / 1000) * performanceRatio * temperatureDerate(ambientC, ghi) * cloudFactor;
  return Math.max(0, Math.min(p, capacityWp));
}
