import { describe, expect, it } from 'vitest';
import { messagesEn, messagesEs, messagesFor, messagesJa, translate } from '../messages.js';
import { mailMessagesEn, mailMessagesEs, mailMessagesJa, mailMessagesZh } from './mail.js';

describe('mail and notification messages', () => {
  it('are written in zh, es and ja for every en key', () => {
    const keys = Object.keys(mailMessagesEn).sort();
    for (const table of [mailMessagesZh, mailMessagesEs, mailMessagesJa])
      expect(Object.keys(table).sort()).toEqual(keys);
  });

  it('es and ja tables hold only known keys, and answer in their language', () => {
    for (const table of [messagesEs, messagesJa])
      expect(Object.keys(table).filter((k) => !(k in messagesEn))).toEqual([]);
    expect(translate('es', 'mail.field.device')).toBe('Equipo');
    expect(translate('ja', 'mail.field.device')).toBe('機器');
    expect(translate('es', 'error.notFound')).toBe('No encontrado');
    expect(messagesFor('ja')['success.ok']).toBe('成功しました');
    // a key no catalogue has: the key itself
    expect(translate('es', 'no.such.key')).toBe('no.such.key');
    expect(translate('zh', 'mail.severity.critical')).toBe('紧急');
    expect(translate('fr', 'mail.severity.critical')).toBe('Critical');
  });

  it('keep the placeholders of the English text', () => {
    const names = (t: string) => [...t.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const table of [mailMessagesZh, mailMessagesEs, mailMessagesJa])
      for (const [key, text] of Object.entries(mailMessagesEn))
        expect(names(table[key as keyof typeof mailMessagesEn]), key).toEqual(names(text));
  });
});
