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

/**
 * Clear-sky irradiance (W/m²) at a time and place: what the sun alone would give, the ceiling
 * the simulator's weather works under and the console's expected-yield curve.
 */
export function clearSkyGhi(at: Date, latitude: number, longitude: number): number {
  return haurwitzGhi(cosZenith(at, latitude, longitude));
}
