import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('says a duration in its two largest units', () => {
    expect(formatDuration(2 * 86_400_000 + 3 * 3_600_000 + 5 * 60_000, 'en')).toBe('2 days 3 hr');
    expect(formatDuration(3 * 3_600_000 + 12 * 60_000, 'en')).toBe('3 hr 12 min');
    expect(formatDuration(3 * 3_600_000, 'en')).toBe('3 hr');
    expect(formatDuration(12 * 60_000 + 59_000, 'en')).toBe('12 min');
  });

  it('says less than a minute, never zero or a negative', () => {
    expect(formatDuration(20_000, 'en')).toBe('< 1 min');
    expect(formatDuration(-5_000, 'en')).toBe('< 1 min');
  });

  it("writes the units in the console's language", () => {
    expect(formatDuration(3 * 3_600_000 + 12 * 60_000, 'zh')).toBe('3小时 12分钟');
  });
});
