import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

// Issue 42: the demo's help center speaks the console's four languages. /guide, /policy and
// /introduction read the published items of the visitor's language, the English ones only when
// that language has none: a Spanish or Japanese visitor read English bodies.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Item = { title: string; content: string };
const read = async (kind: string, lang: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/photo_voltaic/cms/contents?kind=${kind}&lang=${lang}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Item[];
};
const KINDS = ['contactUs', 'userGuide', 'policy', 'faqs'];
// a word only the language's own text has (Spanish accents and ñ, Japanese kana)
const OWN_SCRIPT = { es: /[áéíóúñ¿]/i, ja: /[\u3040-\u30ff]/ };

describe('the demo help center in Spanish and Japanese', () => {
  it.each(['es', 'ja'] as const)('%s: every kind has items of its own, not the English ones', async (lang) => {
    for (const kind of KINDS) {
      const [en, own] = [await read(kind, 'en'), await read(kind, lang)];
      expect(en.length, kind).toBeGreaterThan(0);
      expect(own.length, `${kind} in ${lang}`).toBe(en.length);
      for (const item of own) {
        expect(
          en.map((e) => e.title),
          `${kind}: ${item.title}`,
        ).not.toContain(item.title);
        expect(en.map((e) => e.content)).not.toContain(item.content);
        expect(item.content, `${kind}: ${item.title}`).toMatch(OWN_SCRIPT[lang]);
      }
    }
  });
});
