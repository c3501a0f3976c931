import { LANGUAGES, PERIOD_NAMES, type Language } from '@pv/contract';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, resourcesFor } from '@/lib/i18n';
import { periodHours, periodLabel } from '@/lib/tariff-period';

// Issue 42: what a reader of each language reads. Counts go through i18next's plural rules ("1
// endpoint", not "1 endpoints"), a Spanish required field reads whatever the field's gender
// ("El campo «Versión» es obligatorio"), the public pages have titles of their own, and a tariff's
// periods are named in the reader's language.

type Tree = { [k: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flat(v, `${prefix}${k}.`)),
    ),
  );
const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const consoleTexts = (lang: Language) =>
  Object.assign(
    {},
    ...Object.entries(files)
      .filter(([path]) => path.startsWith(`./${lang}/`))
      .map(([, tree]) => flat(tree)),
  ) as Record<string, string>;

// a bare figure that no word agrees with: "Delete (3)", "Unread (1)", "3 (2 online)"
const BARE_FIGURES = new Set([
  'device.boundPlants',
  'device.deleteCount',
  'device.subDevices',
  'device.figures.connectedCount',
  'notification.unreadCount',
]);
const PLURAL = /_(zero|one|two|few|many|other)$/;

const t: Partial<Record<Language, TFunction>> = {};
beforeAll(async () => {
  for (const lang of LANGUAGES) {
    await loadLanguage(lang);
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: lang,
      fallbackLng: false,
      resources: { [lang]: { translation: resourcesFor(lang) } },
      interpolation: { escapeValue: false },
    });
    t[lang] = i18n.t;
  }
});

describe('counts go through the plural rules of each language', () => {
  it.each(LANGUAGES)('%s: every text with {{count}} is a plural key with the forms its language has', (lang) => {
    const texts = consoleTexts(lang);
    const forms = lang === 'en' || lang === 'es' ? ['one', 'other'] : ['other'];
    const bases = new Set(
      Object.entries(texts)
        .filter(([k, v]) => /\{\{\s*count\b/.test(v) && !BARE_FIGURES.has(k.replace(PLURAL, '')))
        .map(([k]) => k.replace(PLURAL, '')),
    );
    expect(bases.size).toBeGreaterThan(30);
    const wrong = [...bases].filter(
      (b) =>
        b in texts ||
        forms.some((f) => !(`${b}_${f}` in texts)) ||
        Object.keys(texts).some((k) => k.startsWith(`${b}_`) && !forms.some((f) => k === `${b}_${f}`)),
    );
    expect(wrong).toEqual([]);
  });

  it('writes one and two in English and Spanish, and the one form in Japanese and Chinese', () => {
    const cases: [string, Partial<Record<Language, [string, string]>>][] = [
      ['system.mqtt.total', { en: ['1 endpoint', '2 endpoints'], es: ['1 punto de acceso', '2 puntos de acceso'] }],
      ['helpCenter.contact.total', { en: ['1 message', '2 messages'], es: ['1 mensaje', '2 mensajes'] }],
      ['plant.total', { en: ['1 plant', '2 plants'], es: ['1 planta', '2 plantas'] }],
      ['device.total', { en: ['1 device', '2 devices'], es: ['1 dispositivo', '2 dispositivos'] }],
      ['fault.total', { en: ['1 fault', '2 faults'], es: ['1 avería', '2 averías'] }],
      ['user.total', { en: ['1 user', '2 users'], es: ['1 usuario', '2 usuarios'] }],
      ['common.moreFiltersSet', { es: ['Más filtros (1 activo)', 'Más filtros (2 activos)'] }],
      ['system.mqtt.total', { ja: ['1 件の接続先', '2 件の接続先'], zh: ['共 1 个接入点', '共 2 个接入点'] }],
    ];
    for (const [key, byLang] of cases)
      for (const [lang, [one, two]] of Object.entries(byLang) as [Language, [string, string]][]) {
        expect(t[lang]!(key, { count: 1 }), `${lang} ${key} 1`).toBe(one);
        expect(t[lang]!(key, { count: 2 }), `${lang} ${key} 2`).toBe(two);
      }
    // a recompute of one plant's revenue
    expect(t.en!('tariff.recompute.done', { from: 'a', to: 'b', count: 1 })).toBe(
      'Revenue from a to b computed again for 1 plant',
    );
  });
});

describe('a required field in Spanish', () => {
  it('reads right for a feminine field and a masculine one, in the server messages and the console', () => {
    const es = t.es!;
    expect(es('validation.required', { field: es('firmware.version') })).toBe('El campo «Versión» es obligatorio');
    expect(es('validation.required', { field: es('plant.name') })).toBe(
      `El campo «${es('plant.name')}» es obligatorio`,
    );
    expect(es('device.required', { field: es('device.sn') })).toBe(`El campo «${es('device.sn')}» es obligatorio`);
  });

  it('never makes the field the subject an adjective agrees with ("Versión es obligatorio")', () => {
    const texts = { ...flat(resourcesFor('es')) };
    const fieldFirst = Object.entries(texts).filter(([, v]) => /^\{\{field\}\} (es|no es|tiene)\b/.test(v));
    expect(fieldFirst).toEqual([]);
  });
});

describe('the public pages', () => {
  // what each page is called: in the help center's menu (route.*) and on the page and its tab (public.title.*)
  const PAGES = {
    guide: ['route.guide', 'public.title.guide', 'public.guide.title'],
    introduction: ['route.introduction', 'public.title.introduction'],
    policy: ['route.policy', 'public.title.policy'],
    product: ['route.product', 'public.title.product'],
  };
  it.each(LANGUAGES)('%s: no two pages share a title', (lang) => {
    const titleOf = Object.entries(PAGES).flatMap(([page, keys]) => keys.map((k) => [t[lang]!(k), page] as const));
    const clashes = titleOf.filter(([title, page]) => titleOf.some(([t2, p2]) => t2 === title && p2 !== page));
    expect(clashes).toEqual([]);
  });
});

describe('tariff periods', () => {
  it.each(LANGUAGES)('%s: names every known period in words, not its code', (lang) => {
    for (const name of PERIOD_NAMES) {
      const label = periodLabel(t[lang]!, name);
      expect(label, name).toBe(t[lang]!(`tariff.periodNames.${name}`));
      expect(label, name).not.toMatch(/^tariff\./);
      if (lang !== 'en') expect(label, name).not.toBe(periodLabel(t.en!, name));
    }
  });

  it('shows the labels of the reader, a name of the user as typed and a whole day as such', () => {
    expect(periodLabel(t.es!, 'offPeak')).toBe('Fuera de punta');
    expect(periodLabel(t.ja!, 'peak')).toBe('ピーク');
    expect(periodLabel(t.zh!, 'valley')).toBe('低谷');
    expect(periodLabel(t.en!, 'feedIn')).toBe('Feed-in');
    expect(periodLabel(t.es!, 'Heures creuses')).toBe('Heures creuses');
    expect(periodHours(t.es!, { from: '00:00', to: '00:00' })).toBe('todo el día');
    expect(periodHours(t.ja!, { from: '08:00', to: '20:00' })).toBe('08:00–20:00');
  });
});
