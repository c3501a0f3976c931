import {
  FAULT_ACTIONS,
  FAULT_PROCESSING,
  FAULT_SEVERITIES,
  FAULT_STATES,
  LANGUAGES,
  MAIL_STATUSES,
} from '@pv/contract';
import { describe, expect, it } from 'vitest';
import { loadLanguage, resourcesFor } from '@/lib/i18n';

type Tree = { [k: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
/** A plural's forms (plant.total_one, plant.total_other) are the key the screens name (plant.total). */
const pluralBase = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');

describe('fault and notification strings', () => {
  it('translates every key the fault, bell, preference and outbox screens name, literal or composed, in all four languages', async () => {
    for (const lang of LANGUAGES) await loadLanguage(lang);
    const sources = import.meta.glob<string>(
      [
        './**/*.{ts,tsx}',
        '../notification/**/*.{ts,tsx}',
        '../system/pages/mail-outbox-page.tsx',
        '../user-center/components/notification-prefs.tsx',
        '../user-center/pages/personal-data-page.tsx',
        '../../app/layout/notification-bell.tsx',
        '../../components/fault-tags.tsx',
        '!**/*.test.{ts,tsx}',
      ],
      { query: '?raw', import: 'default', eager: true },
    );
    const KEY = /['"`]((?:fault|notification|validation|success|error|common)\.[A-Za-z0-9_.]+[A-Za-z0-9_])['"`]/g;
    const used = new Set<string>();
    for (const code of Object.values(sources)) for (const m of code.matchAll(KEY)) used.add(m[1]!);
    const composed = [
      ...FAULT_SEVERITIES.map((v) => `fault.severities.${v}`),
      ...FAULT_SEVERITIES.map((v) => `notification.prefs.levels.${v}`),
      ...FAULT_PROCESSING.map((v) => `fault.processingStates.${v}`),
      ...FAULT_STATES.map((v) => `fault.states.${v}`),
      ...FAULT_ACTIONS.map((v) => `fault.events.${v}`),
      ...MAIL_STATUSES.map((v) => `notification.outbox.statuses.${v}`),
      'route.mailOutbox',
      'route.problem',
    ];
    expect(used.size).toBeGreaterThan(60);
    for (const lang of LANGUAGES) {
      const have = new Set(keys(resourcesFor(lang)).map(pluralBase));
      // es and ja take the contract's messages (success.*, error.*) from English, as the console does
      const own =
        lang === 'en' || lang === 'zh'
          ? [...used, ...composed]
          : [...used, ...composed].filter((k) => /^(fault|notification|route)\./.test(k));
      expect(
        own.filter((k) => !have.has(k)),
        `missing in ${lang}`,
      ).toEqual([]);
    }
  });

  it('keeps the same keys in the fault and notification files of every language', () => {
    const files = import.meta.glob<Tree>('../../locales/*/{fault,notification}.json', {
      import: 'default',
      eager: true,
    });
    const ours = (lang: string) =>
      Object.entries(files)
        .filter(([path]) => path.includes(`/locales/${lang}/`))
        .flatMap(([, tree]) => keys(tree))
        // English and Spanish say "once" and "1 fault" apart; Chinese and Japanese have one form
        .map((k) => k.replace(/_(zero|one|two|few|many|other)$/, ''))
        .filter((k, i, all) => all.indexOf(k) === i)
        .sort();
    const en = ours('en');
    expect(en.length).toBeGreaterThan(100);
    for (const lang of LANGUAGES) expect(ours(lang), lang).toEqual(en);
  });
});
