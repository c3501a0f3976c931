import { LANGUAGES, type Language } from '@pv/contract';
import { describe, expect, it } from 'vitest';
import { loadLanguage, resourcesFor } from '@/lib/i18n';

// Issue 22: every language is complete. A key of en missing or empty in zh, es or ja, or a key whose
// {{placeholders}} differ from en's, fails here: the console's namespaces file by file, then the
// whole tree the console sees (its namespaces and the contract's server messages together).

type Tree = { [k: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : Object.entries(flat(v, `${prefix}${k}.`)),
    ),
  );
/** i18next's placeholders ({{count}}, {{ name }}, {{time, datetime}}), sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!).sort();
// i18next plural forms: a language may have other forms than English (ja and zh have only _other)
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');

const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const byLang = (lang: Language) =>
  Object.fromEntries(
    Object.entries(files)
      .filter(([path]) => path.startsWith(`./${lang}/`))
      .map(([path, tree]) => [path.slice(`./${lang}/`.length), flat(tree)]),
  );
const OTHERS = LANGUAGES.filter((l) => l !== 'en');

/** What `lang` lacks of `en`, and where its placeholders differ. */
function compare(en: Record<string, string>, other: Record<string, string>) {
  const bases = new Map<string, string[]>();
  for (const [k, v] of Object.entries(other)) bases.set(base(k), [...(bases.get(base(k)) ?? []), v]);
  // the placeholders any English form of a plural key has ('{{count}} times' / 'Once')
  const enForms = new Map<string, Set<string>>();
  for (const [k, v] of Object.entries(en))
    for (const p of placeholders(v)) enForms.set(base(k), (enForms.get(base(k)) ?? new Set()).add(p));
  const missing: string[] = [];
  const placeholdersDiffer: string[] = [];
  for (const [key, text] of Object.entries(en)) {
    const texts = PLURAL.test(key) ? (bases.get(base(key)) ?? []) : other[key] === undefined ? [] : [other[key]!];
    if (!texts.length || texts.some((t) => !t.trim())) missing.push(key);
    // a plural form may leave out {{count}} ("Once") or keep it, never add another or rename one
    else if (
      texts.some((t) =>
        PLURAL.test(key)
          ? placeholders(t).some((p) => !enForms.get(base(key))?.has(p))
          : placeholders(t).join() !== placeholders(text).join(),
      )
    )
      placeholdersDiffer.push(key);
  }
  return { missing, placeholdersDiffer };
}

describe('every language is complete', () => {
  const en = byLang('en');

  it('has the console namespaces', () => {
    expect(Object.keys(en).length).toBeGreaterThan(20);
  });

  it.each(OTHERS)('%s has every console namespace file of en', (lang) => {
    expect(Object.keys(en).filter((f) => !(f in byLang(lang)))).toEqual([]);
  });

  it.each(OTHERS)('%s has every key of en, not empty, with the same placeholders', (lang) => {
    const other = byLang(lang);
    const problems = Object.fromEntries(
      Object.entries(en)
        .map(([file, keys]) => [file, compare(keys, other[file] ?? {})] as const)
        .filter(([, r]) => r.missing.length || r.placeholdersDiffer.length),
    );
    expect(problems).toEqual({});
  });

  it.each(OTHERS)('%s: the whole tree the console sees (namespaces and server messages) matches en', async (lang) => {
    await loadLanguage(lang);
    const r = compare(flat(resourcesFor('en')), flat(resourcesFor(lang)));
    expect(r).toEqual({ missing: [], placeholdersDiffer: [] });
  });

  it('notices a missing key, an empty text and a renamed placeholder', () => {
    const r = compare(
      { 'a.x': 'X {{n}}', 'a.y': 'Y', 'a.z': 'Z', 'a.p_one': 'One plant', 'a.p_other': '{{count}} plants' },
      { 'a.x': 'X {{m}}', 'a.y': ' ', 'a.p_other': '{{count}} 発電所', 'a.z': 'Z {{n}}' },
    );
    expect(r).toEqual({ missing: ['a.y'], placeholdersDiffer: ['a.x', 'a.z'] });
    // a plural form named in one language only (ja has _other alone) still counts as there
    expect(compare({ 'a.p_one': 'Once', 'a.p_other': '{{count}} times' }, { 'a.p_other': '{{count}} 回' })).toEqual({
      missing: [],
      placeholdersDiffer: [],
    });
  });
});
