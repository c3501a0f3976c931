import type { Language } from '@pv/contract';
import Cookies from 'js-cookie';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import jaJP from 'antd/es/locale/ja_JP';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { antdLocale, detectLanguage, getLanguage, loadLanguage, nest, resourcesFor } from './i18n';

type Tree = { [k: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)));
/**
 * The keys the code names: a plural's forms (`daysAgo_one`, `daysAgo_other`) are the one key
 * `daysAgo` (i18next picks the form; zh and ja have `_other` only).
 */
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const keys = (tree: Tree): string[] => [...new Set(leaves(tree).map(pluralBase))];

describe('language', () => {
  it('takes the stored setting first, then a supported code contained in the browser language, else en', () => {
    expect(detectLanguage('zh', 'en-US')).toBe('zh');
    expect(detectLanguage(undefined, 'zh-CN')).toBe('zh');
    expect(detectLanguage(undefined, 'ja-JP')).toBe('ja');
    expect(detectLanguage('xx', 'es-ES')).toBe('es');
    expect(detectLanguage(undefined, 'fr-FR')).toBe('en');
    expect(detectLanguage(undefined, undefined)).toBe('en');
  });

  it('reads the language cookie before the browser language', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
    expect(getLanguage()).toBe('zh');
    Cookies.set('language', 'en');
    expect(getLanguage()).toBe('en');
    Cookies.set('language', 'klingon');
    expect(getLanguage()).toBe('zh');
  });

  afterEach(() => {
    Cookies.remove('language');
    vi.restoreAllMocks();
  });

  it('loads a language only when asked', async () => {
    const before = keys(resourcesFor('es')).length;
    await loadLanguage('es');
    expect(keys(resourcesFor('es')).length).toBeGreaterThan(before);
  });

  it('gives antd the locale of each language once it is loaded (English before)', async () => {
    // antd's own locale, its date pickers given the language's date order (format.test.ts)
    const same = (lang: Language, expected: typeof enUS) => {
      const got = antdLocale(lang);
      expect(got.locale).toBe(expected.locale);
      expect(got.Table).toBe(expected.Table);
      expect(got.DatePicker?.lang.locale).toBe(expected.DatePicker?.lang.locale);
    };
    same('ja', enUS);
    for (const lang of ['zh', 'es', 'ja'] as const) await loadLanguage(lang);
    same('en', enUS);
    same('zh', zhCN);
    same('es', esES);
    same('ja', jaJP);
  });

  it('nests the contract messages as i18next keys', () => {
    expect(nest({ 'validation.email': 'x', 'error.notFound': 'y' })).toEqual({
      validation: { email: 'x' },
      error: { notFound: 'y' },
    });
  });

  it('has a Chinese translation for every English string, and nothing else', async () => {
    await loadLanguage('zh');
    const en = keys(resourcesFor('en')).sort();
    const zh = keys(resourcesFor('zh')).sort();
    expect(en.length).toBeGreaterThan(200);
    expect(zh).toEqual(en);
  });

  it('translates every route title of the route table in en and zh', async () => {
    await loadLanguage('zh');
    const { flattenRoutes } = await import('@pv/contract');
    const en = new Set(keys(resourcesFor('en')));
    const zh = new Set(keys(resourcesFor('zh')));
    for (const r of flattenRoutes()) {
      expect(en.has(r.titleKey), r.titleKey).toBe(true);
      expect(zh.has(r.titleKey), r.titleKey).toBe(true);
      for (const b of r.buttons ?? []) expect(zh.has(b.titleKey), b.titleKey).toBe(true);
    }
    // the header search's other words of a page
    const searchKeys = flattenRoutes().flatMap((r) => (r.searchKey ? [r.searchKey] : []));
    expect(searchKeys).toContain('route.powerCompanySearch');
    for (const k of searchKeys) expect(en.has(k) && zh.has(k), k).toBe(true);
  });

  it('has no Spanish or Japanese string without an English one (they fall back to English)', async () => {
    await Promise.all([loadLanguage('es'), loadLanguage('ja')]);
    const en = new Set(keys(resourcesFor('en')));
    for (const lang of ['es', 'ja'] as const) {
      const extra = keys(resourcesFor(lang)).filter((k) => !en.has(k));
      expect(extra, lang).toEqual([]);
    }
  });

  it('translates every key the features and the lib name in their code, in en and zh', async () => {
    await loadLanguage('zh');
    const sources = import.meta.glob<string>(
      ['../features/**/*.{ts,tsx}', './*.{ts,tsx}', '../stores/session.ts', '!**/*.test.{ts,tsx}'],
      {
        query: '?raw',
        import: 'default',
        eager: true,
      },
    );
    // Literal keys of the sections the console translates; keys built at run time (`user.${state}`) are checked below.
    const KEY =
      /['"`]((?:common|auth|public|userCenter|user|role|resource|validation|success|error|route)\.[A-Za-z0-9_.]+)['"`]/g;
    const used = new Set<string>();
    for (const code of Object.values(sources)) for (const m of code.matchAll(KEY)) used.add(pluralBase(m[1]!));
    expect(used.size).toBeGreaterThan(40);
    const en = new Set(keys(resourcesFor('en')));
    const zh = new Set(keys(resourcesFor('zh')));
    expect(
      [...used].filter((k) => !en.has(k)),
      'missing in en',
    ).toEqual([]);
    expect(
      [...used].filter((k) => !zh.has(k)),
      'missing in zh',
    ).toEqual([]);
    // the keys the pages compose
    const composed = [
      ...['enabled', 'disabled'].map((s) => `user.${s}`),
      ...['all', 'orgAndChildren', 'org', 'self'].map((s) => `role.scope.${s}`),
      ...['menu', 'button'].map((k) => `resource.${k}`),
      ...['ROOT', 'AGENT', 'INSTALLER', 'CUSTOMER'].map((g) => `userCenter.group.${g}`),
      ...[1, 2, 3, 4].flatMap((n) => [`public.guide.step${n}`, `public.guide.step${n}Text`]),
      ...[1, 2, 3].map((n) => `public.cancel.point${n}`),
      ...['collect', 'use', 'keep', 'rights'].flatMap((k) => [`public.policy.${k}`, `public.policy.${k}Title`]),
      ...['inverter', 'collector', 'battery', 'meter'].flatMap((p) => [
        `public.product.${p}`,
        `public.product.${p}Text`,
      ]),
    ];
    for (const k of composed) {
      expect(en.has(k), k).toBe(true);
      expect(zh.has(k), k).toBe(true);
    }
  });
});
