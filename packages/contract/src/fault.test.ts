import { describe, expect, it } from 'vitest';
import { canTransition, FAULT_PROCESSING, FAULT_SEVERITIES, faultCodeTextFor } from './fault.js';

describe('faults', () => {
  it('lists the severities most severe first, which is also their names in order (the list sorts on the column)', () => {
    expect([...FAULT_SEVERITIES].sort()).toEqual([...FAULT_SEVERITIES]);
  });

  it('allows open → acknowledged → inProgress → fixed, and open or acknowledged straight to fixed', () => {
    const allowed = FAULT_PROCESSING.map((p) =>
      (['acknowledge', 'start', 'repair'] as const).filter((a) => canTransition(p, a)),
    );
    expect(allowed).toEqual([['acknowledge', 'start', 'repair'], ['start', 'repair'], ['repair'], []]);
  });

  it('picks the catalogue text of the language, English otherwise', () => {
    const texts = { en: { title: 'Grid overvoltage', action: 'a' }, zh: { title: '电网过压', action: 'b' } };
    expect(faultCodeTextFor(texts, 'zh-CN').title).toBe('电网过压');
    expect(faultCodeTextFor(texts, 'ja').title).toBe('Grid overvoltage');
  });
});
