import type { Language } from './constants.js';

/** White-label brands; one is built at a time (BRAND at build and start). */
export interface Brand {
  id: string;
  /** The platform title in each console language (document title, sidebar, login, mails). */
  title: Record<Language, string>;
  shortTitle: string;
  /** The default theme colour (navbar, active tab, buttons; the settings drawer's reset). */
  themeColor: string;
  /** Who runs the platform and how to reach them (privacy policy, account closing page). */
  operator: string;
  contactEmail: string;
  /** The display name of the mails' sender when MAIL_FROM is not set. */
  senderName: string;
}
// Logo and favicon: apps/web/public/brands/<id>/logo.svg and favicon.svg (index.html and the
// console pick them by BRAND at build time).
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
    themeColor: '#664495',
    operator: 'PV Console',
    contactEmail: 'support@pv-console.example',
    senderName: 'PV Console',
  },
  solarix: {
    id: 'solarix',
    title: { en: 'Solarix Cloud', zh: '索拉瑞克斯云', es: 'Solarix Cloud', ja: 'ソラリクス クラウド' },
    shortTitle: 'SX',
    themeColor: '#0b7a75',
    operator: 'Solarix Energy GmbH',
    contactEmail: 'privacy@solarix.example',
    senderName: 'Solarix Cloud',
  },
  helios: {
    id: 'helios',
    title: { en: 'Helios Monitor', zh: '赫利俄斯监控', es: 'Helios Monitor', ja: 'ヘリオス モニター' },
    shortTitle: 'HM',
    themeColor: '#c2410c',
    operator: 'Helios Solar S.L.',
    contactEmail: 'contacto@helios.example',
    senderName: 'Helios Monitor',
  },
};
export function brandFor(id: string | undefined): Brand {
  return BRANDS[id ?? 'default'] ?? BRANDS.default!;
}
/** The platform title in a language (English for a language the console does not have). */
export function brandTitle(brand: Brand, lang: string): string {
  return brand.title[lang as Language] ?? brand.title.en;
}
