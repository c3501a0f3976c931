import { describe, expect, it } from 'vitest';
import { loadLanguage, resourcesFor } from '@/lib/i18n';

type Tree = { [k: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
/** A plural's forms (plant.total_one, plant.total_other) are the key the screens name (plant.total). */
const pluralBase = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');

describe('org, audit and user-center strings', () => {
  it('translates every org.* and audit.* key these features name, in en and zh', async () => {
    await loadLanguage('zh');
    const sources = import.meta.glob<string>(
      ['../org/**/*.{ts,tsx}', '../audit/**/*.{ts,tsx}', '../user-center/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'],
      { query: '?raw', import: 'default', eager: true },
    );
    const KEY = /['"`]((?:org|audit|userCenter)\.[A-Za-z0-9_.]+)['"`]/g;
    const used = new Set<string>();
    for (const code of Object.values(sources)) for (const m of code.matchAll(KEY)) used.add(m[1]!);
    for (const a of ['create', 'update', 'delete', 'grant', 'login', 'loginFailed', 'logout'])
      used.add(`audit.actions.${a}`);
    expect(used.size).toBeGreaterThan(40);
    const en = new Set(keys(resourcesFor('en')).map(pluralBase));
    const zh = new Set(keys(resourcesFor('zh')).map(pluralBase));
    expect(
      [...used].filter((k) => !en.has(k)),
      'missing in en',
    ).toEqual([]);
    expect(
      [...used].filter((k) => !zh.has(k)),
      'missing in zh',
    ).toEqual([]);
  });
});
