/**
 * The public grid a plant feeds: its nominal frequency, and the nominal voltage a small
 * (single-phase) inverter connects at. One table for the simulator, the demo's seeded history
 * (which runs the simulator's model) and their tests.
 */
export interface Grid {
  frequencyHz: 50 | 60;
  voltageV: number;
}

/**
 * The 60 Hz grids (ISO 3166 country codes): North and Central America and the Caribbean mostly,
 * South America's north (Brazil, Colombia, Venezuela, Ecuador, Peru, the Guianas; Argentina,
 * Chile, Uruguay, Paraguay and Bolivia are 50 Hz), South Korea, Taiwan, the Philippines, Saudi
 * Arabia, Liberia, and western Japan (see JAPAN_60HZ_WEST_OF). Every other country is 50 Hz.
 */
const SIXTY_HZ = new Set([
  'US',
  'CA',
  'MX',
  'GT',
  'BZ',
  'SV',
  'HN',
  'NI',
  'CR',
  'PA',
  'CU',
  'DO',
  'HT',
  'PR',
  'BS',
  'BM',
  'TT',
  'AG',
  'AW',
  'KN',
  'MS',
  'CO',
  'VE',
  'EC',
  'PE',
  'BR',
  'GY',
  'SR',
  'KR',
  'TW',
  'PH',
  'SA',
  'LR',
  'GU',
  'AS',
  'MP',
  'VI',
  'FM',
  'MH',
  'PW',
]);

/**
 * Japan runs two grids: 50 Hz in the east (Tokyo, Tōhoku, Hokkaidō), 60 Hz in the west (Nagoya,
 * Osaka, Kyūshū, Okinawa), the border along the Fuji and Itoigawa rivers, about 138° E.
 */
const JAPAN_60HZ_WEST_OF = 138;

/** Nominal voltage of a single-phase connection, where it is not 230 V. */
const VOLTAGE: Record<string, number> = {
  // split-phase 120/240 V: a house inverter connects across both legs
  US: 240,
  CA: 240,
  // 127/220 V
  MX: 220,
  BR: 220,
  // 100/200 V single-phase three-wire
  JP: 200,
  // 220 V
  CN: 220,
  KR: 220,
  TW: 220,
  CO: 220,
  PE: 220,
};

/** The grid of a plant in `country` (ISO 3166 alpha-2) at `longitude`; unknown: 50 Hz, 230 V. */
export function gridOf(site: { country?: string | null; longitude?: number | null }): Grid {
  const country = site.country?.toUpperCase() ?? '';
  const sixty =
    country === 'JP'
      ? site.longitude !== undefined && site.longitude !== null && site.longitude < JAPAN_60HZ_WEST_OF
      : SIXTY_HZ.has(country);
  return { frequencyHz: sixty ? 60 : 50, voltageV: VOLTAGE[country] ?? 230 };
}

/**
 * What an inverter's display says of a grid fault, with its grid's limits (overvoltage above
 * 110 % of nominal, undervoltage below 80 %, frequency 0.6 Hz over nominal); undefined for a code
 * that is not about the grid.
 */
export function gridFaultMessage(code: string, grid: Grid): string | undefined {
  if (code === 'F07') return `Grid overvoltage (Vac > ${Math.round(grid.voltageV * 1.1)} V)`;
  if (code === 'F08') return `Grid undervoltage (Vac < ${Math.round(grid.voltageV * 0.8)} V)`;
  if (code === 'F09') return `Grid frequency out of range (${(grid.frequencyHz + 0.6).toFixed(1)} Hz)`;
  return undefined;
}
