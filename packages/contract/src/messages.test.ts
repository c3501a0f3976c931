import { describe, expect, it } from 'vitest';
import {
  fieldNamesEn,
  fieldNamesEs,
  fieldNamesJa,
  fieldNamesZh,
  messagesEn,
  messagesEs,
  messagesJa,
  messagesZh,
} from './messages.js';

/** The {{name}} placeholders of a text, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const others = { zh: messagesZh, es: messagesEs, ja: messagesJa } as Record<string, Record<string, string>>;

describe('message catalogue', () => {
  it('has a zh text for every en key', () => {
    expect(Object.keys(messagesZh).sort()).toEqual(Object.keys(messagesEn).sort());
  });

  // issue 22: the server's messages (errors, successes, Excel headers, mails) in all four languages
  it.each(Object.keys(others))('has a non-empty %s text for every en key, and no other key', (lang) => {
    const table = others[lang]!;
    const missing = Object.keys(messagesEn).filter((k) => !table[k]?.trim());
    const extra = Object.keys(table).filter((k) => !(k in messagesEn));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(Object.keys(others))('keeps the {{placeholders}} of every en text in %s', (lang) => {
    const table = others[lang]!;
    const differing = Object.entries(messagesEn)
      .filter(([k, text]) => table[k] !== undefined && placeholders(table[k]).join() !== placeholders(text).join())
      .map(([k]) => k);
    expect(differing).toEqual([]);
  });

  // issue 42: the server has no plural forms, so an English or Spanish message never puts a count
  // before a noun ("still has 1 sub-organisations"): the count is a figure in parentheses
  it.each(['en', 'es'])('writes every count of an %s text as a figure in parentheses', (lang) => {
    const table = lang === 'en' ? (messagesEn as Record<string, string>) : others.es!;
    const counted = Object.entries(table).filter(([, v]) => /\{\{(count|users|plants|devices)\}\}/.test(v));
    expect(counted.length).toBeGreaterThanOrEqual(5);
    const beforeNoun = counted
      .filter(([, v]) => /\{\{(count|users|plants|devices)\}\} \p{L}/u.test(v))
      .map(([k, v]) => `${k}: ${v}`);
    expect(beforeNoun).toEqual([]);
    expect(table['org.hasChildren']).toMatch(/\(\{\{count\}\}\)/);
  });

  it('names every validated field in zh, es and ja', () => {
    for (const names of [fieldNamesZh, fieldNamesEs, fieldNamesJa])
      expect(Object.keys(fieldNamesEn).filter((k) => !names[k]?.trim())).toEqual([]);
  });

  it('reads placeholders with spaces and formats too', () => {
    expect(placeholders('{{b}} of {{ a }} at {{time, datetime}}')).toEqual(['a', 'b', 'time']);
  });

  // the console nests the catalogue by dots: 'a.b' cannot be a text and a group ('a.b.c') at once
  it('has no key that is also the prefix of another key', () => {
    const keys = Object.keys(messagesEn);
    const groups = new Set(keys.flatMap((k) => k.split('.').map((_, i, parts) => parts.slice(0, i).join('.'))));
    expect(keys.filter((k) => groups.has(k))).toEqual([]);
  });
});
