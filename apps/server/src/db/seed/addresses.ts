/*
 * Addresses of the demo plants, written as people of each city write them: street and number,
 * district, city, postcode in the local order (postcode first in China and Japan, after the state
 * in Australia and the US, before the city in Germany and Spain, CEP last in Brazil), in the
 * local script. Industrial estates and business districts, where rooftop plants of this size are.
 */
const ADDRESSES: Record<string, string[]> = {
  Shanghai: ['201203 上海市浦东新区张江镇祖冲之路 1559 号', '201615 上海市松江区九亭镇涞寅路 1888 号'],
  Hangzhou: ['311121 浙江省杭州市余杭区仓前街道文一西路 1818 号', '311215 浙江省杭州市萧山区宁围街道市心北路 857 号'],
  Shenzhen: [
    '518057 广东省深圳市南山区粤海街道科技南十二路 18 号',
    '518129 广东省深圳市龙岗区坂田街道五和大道 2018 号',
  ],
  Tokyo: ['〒136-0082 東京都江東区新木場1丁目7-22', '〒190-0012 東京都立川市曙町2丁目38-5'],
  Sydney: ['14 Holker Street, Silverwater NSW 2128', '118 Showground Road, Castle Hill NSW 2154'],
  Delhi: [
    'Plot 42, Okhla Industrial Area Phase II, New Delhi, Delhi 110020',
    'B-17, Sector 63, Noida, Uttar Pradesh 201301',
  ],
  Berlin: ['Rudower Chaussee 29, 12489 Berlin-Adlershof', 'Motzener Straße 34, 12277 Berlin-Marienfelde'],
  Madrid: [
    'Calle de Julián Camarillo, 42, San Blas-Canillejas, 28037 Madrid',
    'Avenida de la Industria, 8, 28108 Alcobendas, Madrid',
  ],
  'Cape Town': [
    '12 Bofors Circle, Epping Industria 2, Cape Town, 7460',
    '5 Marine Drive, Paarden Eiland, Cape Town, 7405',
  ],
  Phoenix: ['4320 E Cotton Center Blvd, Phoenix, AZ 85040', '2150 W Deer Valley Rd, Phoenix, AZ 85027'],
  'Los Angeles': ['1855 E 7th St, Los Angeles, CA 90021', '6210 Variel Ave, Woodland Hills, CA 91367'],
  'São Paulo': [
    'Rua Funchal, 418 - Vila Olímpia, São Paulo - SP, 04551-060',
    'Rua Anhanguera, 1240 - Barra Funda, São Paulo - SP, 01135-000',
  ],
};

/** The address of the `nth` (0, 1, …) demo plant in `city`; past the list, a unit number tells them apart. */
export function demoAddress(city: string | undefined, nth: number): string | null {
  const list = city ? ADDRESSES[city] : undefined;
  if (!list) return null;
  const base = list[nth % list.length]!;
  const round = Math.floor(nth / list.length);
  return round ? `${base} (unit ${round + 1})` : base;
}
