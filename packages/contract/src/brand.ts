/** White-label brands; one is built at a time (BRAND at build and start). */
export interface Brand {
  id: string;
  title: { en: string; zh: string };
  shortTitle: string;
}
export const BRANDS: Record<string, Brand> = {
  default: { id: 'default', title: { en: 'PV Monitoring Platform', zh: '光伏监控平台' }, shortTitle: 'PV' },
  solarix: { id: 'solarix', title: { en: 'Solarix Cloud', zh: '索拉瑞克斯云' }, shortTitle: 'SX' },
  helios: { id: 'helios', title: { en: 'Helios Monitor', zh: '赫利俄斯监控' }, shortTitle: 'HM' },
};
export function brandFor(id: string | undefined): Brand {
  return BRANDS[id ?? 'default'] ?? BRANDS.default!;
}
/** The platform title in a language (es/ja use en). */
export function brandTitle(brand: Brand, lang: string): string {
  return lang === 'zh' ? brand.title.zh : brand.title.en;
}
