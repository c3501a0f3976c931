import { describe, expect, it } from 'vitest';
import { detectLanguage, nest, resourcesFor } from './i18n';

type Tree = { [k: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('language', () => {
  it('takes the stored setting first, then a supported code contained in the browser language, else en', () => {
    expect(detectLanguage('zh', 'en-US')).toBe('zh');
    expect(detectLanguage(undefined, 'zh-CN')).toBe('zh');
    expect(detectLanguage(undefined, 'ja-JP')).toBe('ja');
    expect(detectLanguage('xx', 'es-ES')).toBe('es');
    expect(detectLanguage(undefined, 'fr-FR')).toBe('en');
    expect(detectLanguage(undefined, undefined)).toBe('en');
  });

  it('nests the contract messages as i18next keys', () => {
    expect(nest({ 'validation.email': 'x', 'error.notFound': 'y' })).toEqual({ validation: { email: 'x' }, error: { notFound: 'y' } });
  });

  it('has a Chinese translation for every English string, and nothing else', () => {
    const en = keys(resourcesFor('en')).sort();
    const zh = keys(resourcesFor('zh')).sort();
    expect(en.length).toBeGreaterThan(200);
    expect(zh).toEqual(en);
  });

  it('translates every route title of the route table in en and zh', async () => {
    const { flattenRoutes } = await import('@pv/contract');
    const en = new Set(keys(resourcesFor('en')));
    const zh = new Set(keys(resourcesFor('zh')));
    for (const r of flattenRoutes()) {
      expect(en.has(r.titleKey), r.titleKey).toBe(true);
      expect(zh.has(r.titleKey), r.titleKey).toBe(true);
      for (const b of r.buttons ?? []) expect(zh.has(b.titleKey), b.titleKey).toBe(true);
    }
  });
});
