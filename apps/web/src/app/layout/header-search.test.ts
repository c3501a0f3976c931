import { flattenRoutes } from '@pv/contract';
import { describe, expect, it } from 'vitest';
import { initI18n, loadLanguage } from '@/lib/i18n';
import { permittedTree } from '@/app/route-utils';
import { searchEntries, searchPages } from './header-search';

const i18n = initI18n('en');
const t = (key: string) => i18n.t(key);
const admin = flattenRoutes(
  permittedTree(
    [
      '/',
      '/dashboard',
      '/auth',
      '/auth/user',
      '/auth/role',
      '/devices',
      '/devices/devices__manage',
      '/devices/devices_detail',
    ],
    false,
  ),
);
const agent = flattenRoutes(
  permittedTree(['/power_station', '/power_station/power_station_list', '/devices', '/devices/devices__manage'], false),
);

describe('header search', () => {
  it('lists the permitted visible pages with translated group and title', () => {
    expect(searchEntries(admin, t).map((e) => e.label)).toEqual([
      'Dashboard',
      'Devices > Device management',
      'Permissions > Users',
      'Permissions > Roles',
    ]);
  });

  it('finds a page by a misspelt title', () => {
    expect(searchPages(searchEntries(admin, t), 'Usrs')[0]?.path).toBe('/auth/user');
    expect(searchPages(searchEntries(admin, t), 'devce')[0]?.path).toBe('/devices/devices__manage');
  });

  it('never offers a page the user may not open', () => {
    expect(searchPages(searchEntries(agent, t), 'Users')).toEqual([]);
    expect(searchPages(searchEntries(agent, t), 'plant list').map((e) => e.path)).toEqual([
      '/power_station/power_station_list',
    ]);
  });

  it('offers everything for an empty query', () => {
    expect(searchPages(searchEntries(agent, t), '  ')).toHaveLength(2);
  });

  // issue 42: "tariff" and "power company" found nothing, the page was hidden from menu and search
  describe('finds the power companies and their prices by what people call them', () => {
    const withTariffs = flattenRoutes(permittedTree(['/', '/dashboard', '/systems', '/systems/power-company'], false));
    const words: Record<'en' | 'zh' | 'es' | 'ja', string[]> = {
      en: ['tariff', 'power company', 'electricity price', 'feed-in tariff'],
      zh: ['电价', '电力公司', '电费', 'tariff', 'power company', 'electricity price'],
      es: ['tarifa', 'compañía eléctrica', 'precio de la electricidad', 'tariff', 'power company'],
      ja: ['電気料金', '電力会社', '料金', 'tariff', 'power company', 'electricity price'],
    };
    for (const [lang, queries] of Object.entries(words))
      it(lang, async () => {
        await loadLanguage(lang as 'en');
        const tl = i18n.getFixedT(lang);
        const entries = searchEntries(withTariffs, (k) => tl(k));
        for (const q of queries)
          expect(searchPages(entries, q)[0]?.path, `${lang} ${q}`).toBe('/systems/power-company');
        // and not by any text at all
        expect(searchPages(entries, 'firmware').map((e) => e.path)).not.toContain('/systems/power-company');
      });
  });
});
