import { ARCHIVE_MEDIA, DEVICE_TYPES, FILING_RATES } from '@pv/contract';
import { describe, expect, it } from 'vitest';
import { loadLanguage, resourcesFor } from '@/lib/i18n';

type Tree = { [k: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
/** A plural's forms (plant.total_one, plant.total_other) are the key the screens name (plant.total). */
const pluralBase = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');

describe('firmware and system strings', () => {
  it('translates every key the firmware and MQTT/archive screens name, literal or composed, in en and zh', async () => {
    await loadLanguage('zh');
    const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '../firmware/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const KEY = /['"`]((?:firmware|system|validation|success|error|common)\.[A-Za-z0-9_.]+[A-Za-z0-9_])['"`]/g;
    const used = new Set<string>();
    for (const code of Object.values(sources)) for (const m of code.matchAll(KEY)) used.add(m[1]!);
    const composed = [
      ...DEVICE_TYPES.map((v) => `firmware.deviceTypes.${v}`),
      ...FILING_RATES.map((v) => `system.archive.rates.${v}`),
      ...ARCHIVE_MEDIA.map((v) => `system.archive.media.${v}`),
    ];
    expect(used.size).toBeGreaterThan(40);
    const en = new Set(keys(resourcesFor('en')).map(pluralBase));
    const zh = new Set(keys(resourcesFor('zh')).map(pluralBase));
    expect(
      [...used, ...composed].filter((k) => !en.has(k)),
      'missing in en',
    ).toEqual([]);
    expect(
      [...used, ...composed].filter((k) => !zh.has(k)),
      'missing in zh',
    ).toEqual([]);
  });
});
