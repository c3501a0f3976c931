import { describe, expect, it } from 'vitest';
import { messagesEn, messagesZh } from './messages.js';

describe('message catalogue', () => {
  it('has a zh text for every en key', () => {
    expect(Object.keys(messagesZh).sort()).toEqual(Object.keys(messagesEn).sort());
  });

  // the console nests the catalogue by dots: 'a.b' cannot be a text and a group ('a.b.c') at once
  it('has no key that is also the prefix of another key', () => {
    const keys = Object.keys(messagesEn);
    const groups = new Set(keys.flatMap((k) => k.split('.').map((_, i, parts) => parts.slice(0, i).join('.'))));
    expect(keys.filter((k) => groups.has(k))).toEqual([]);
  });
});
