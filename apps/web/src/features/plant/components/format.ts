/**
 * @deprecated The plant list's old figures, kept only until its rebuild adopts `@/lib/quantity`
 * (`useFormat().power` / `.energy` / `.capacity`); every other screen reads that formatter.
 * W → "3.2 kW"; kWh with up to two decimals.
 */
export const formatPower = (w: number | null | undefined) =>
  w === null || w === undefined ? '—' : Math.abs(w) >= 1000 ? `${(w / 1000).toFixed(2)} kW` : `${Math.round(w)} W`;
/** @deprecated see formatPower */
export const formatEnergy = (kwh: number) =>
  kwh >= 10_000 ? `${(kwh / 1000).toFixed(2)} MWh` : `${kwh.toFixed(2)} kWh`;
