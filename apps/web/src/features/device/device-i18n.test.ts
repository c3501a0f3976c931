import {
  DEVICE_CONTROL_MODES,
  DEVICE_ONLINE_STATES,
  DEVICE_RUN_STATES,
  DEVICE_TYPES,
  COMMAND_STATUSES,
  KNOWN_POINTS,
} from '@pv/contract';
import { describe, expect, it } from 'vitest';
import { loadLanguage, resourcesFor } from '@/lib/i18n';

type Tree = { [k: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('device screens i18n', () => {
  it('translates every device key the screens name, literal or composed, in en and zh', async () => {
    await loadLanguage('zh');
    const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const KEY = /['"`]((?:device|validation|success|error|common)\.[A-Za-z0-9_.]+[A-Za-z0-9_])['"`]/g;
    const used = new Set<string>();
    for (const code of Object.values(sources)) for (const m of code.matchAll(KEY)) used.add(m[1]!);
    const composed = [
      ...DEVICE_TYPES.map((v) => `device.types.${v}`),
      ...DEVICE_ONLINE_STATES.map((v) => `device.online.${v}`),
      ...DEVICE_RUN_STATES.map((v) => `device.run.${v}`),
      ...COMMAND_STATUSES.map((v) => `device.status.${v}`),
      ...Object.keys(KNOWN_POINTS).map((v) => `device.points.${v}`),
      ...Object.keys(DEVICE_CONTROL_MODES).map((v) => `device.control.targets.${v}`),
      ...Object.values(DEVICE_CONTROL_MODES).flatMap((m) => m.map((v) => `device.control.modes.${v}`)),
      ...['mqtt', 'http', '4g', 'wifi', 'rs485', 'collector'].map((v) => `device.comm.${v}`),
    ];
    expect(used.size).toBeGreaterThan(60);
    // a plural's forms (device.total_one, device.total_other) are the key the screens name (device.total)
    const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '');
    const en = new Set(keys(resourcesFor('en')).map(base));
    const zh = new Set(keys(resourcesFor('zh')).map(base));
    for (const k of [...used, ...composed]) {
      expect(en.has(k), `en ${k}`).toBe(true);
      expect(zh.has(k), `zh ${k}`).toBe(true);
    }
  });
});
