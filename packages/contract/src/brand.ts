import type { Language } from './constants.js';

/** White-label brands; one is built at a time (BRAND at build and start). */
export interface Brand {
  id: string;
  /** The platform title in each console language (document title, sidebar, login, mails). */
  title: Record<Language, string>;
  shortTitle: string;
}
export const BRANDS: Record<string, Brand> = {
  default: {
    id: 'default',
    title: {
      en: 'PV Monitoring Platform',
      zh: '光伏监控平台',
      es: 'Plataforma de monitorización fotovoltaica',
      ja: '太陽光発電監視プラットフォーム',
    },
    shortTitle: 'PV',
  },
  solarix: {
    id: 'solarix',
    title: { en: 'Solarix Cloud', zh: '索拉瑞克斯云', es: 'Solarix Cloud', ja: 'ソラリクス クラウド' },
    shortTitle: 'SX',
  },
  helios: {
    id: 'helios',
    title: { en: 'Helios Monitor', zh: '赫利俄斯监控', es: 'Helios Monitor', ja: 'ヘリオス モニター' },
    shortTitle: 'HM',
  },
};
export function brandFor(id: string | undefined): Brand {
  return BRANDS[id ?? 'default'] ?? BRANDS.default!;
}
/** The platform title in a language (English for a language the console does not have). */
export function brandTitle(brand: Brand, lang: string): string {
  return brand.title[lang as Language] ?? brand.title.en;
}
