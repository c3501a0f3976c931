import SunCalc from 'suncalc';

/**
 * Clear-sky global horizontal irradiance (W/m²) by the Haurwitz model:
 * GHI = 1098 · cos z · exp(−0.057 / cos z), z the solar zenith angle; 0 when the sun is down.
 */
export function haurwitzGhi(cosZenith: number): number {
  if (cosZenith <= 0) return 0;
  return 1098 * cosZenith * Math.exp(-0.057 / cosZenith);
}

/** cos of the solar zenith angle at a time and place (suncalc gives the sun's altitude). */
export function cosZenith(at: Date, latitude: number, longitude: number): number {
  const { altitude } = SunCalc.getPosition(at, latitude, longitude);
  return Math.sin(altitude);
}

export function clearSkyGhi(at: Date, latitude: number, longitude: number): number {
  return haurwitzGhi(cosZenith(at, latitude, longitude));
}

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
