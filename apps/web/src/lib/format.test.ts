import { describe, expect, it } from 'vitest';
import { formatNumber, formatTime, relativeTime, resolveTimeZone, thousands, timeAgo, toMillis } from './format';

const now = Date.parse('2026-11-22T12:00:00Z');

describe('§9 helpers', () => {
  it('treats a 10-digit timestamp as seconds', () => {
    expect(toMillis(1795000000)).toBe(1795000000000);
    expect(toMillis('1795000000')).toBe(1795000000000);
    expect(toMillis(1795000000123)).toBe(1795000000123);
  });

  it('formats YYYY-MM-DD HH:mm:ss in Asia/Shanghai by default, or the given zone', () => {
    expect(formatTime(Date.parse('2026-11-22T16:30:05Z'))).toBe('2026-11-23 00:30:05');
    expect(formatTime(Date.parse('2026-11-22T16:30:05Z'), undefined, 'Europe/Berlin')).toBe('2026-11-22 17:30:05');
    expect(resolveTimeZone('Not/AZone')).toBe('Asia/Shanghai');
    expect(formatTime(null)).toBe('');
  });

  it('time ago: minutes under an hour, hours under a day, then days', () => {
    expect(timeAgo(now - 59 * 60_000, now)).toBe('59 minutes ago');
    expect(timeAgo(now - 3600_000, now)).toBe('1 hours ago');
    expect(timeAgo(now - 86399_000, now)).toBe('23 hours ago');
    expect(timeAgo(now - 86400_000 * 3, now)).toBe('3 days ago');
  });

  it('relative time: just now, minutes, hours, 1 day ago, then the date', () => {
    expect(relativeTime(now - 29_000, now)).toBe('just now');
    expect(relativeTime(now - 31_000, now)).toBe('1 minutes ago');
    expect(relativeTime(now - 2 * 3600_000, now)).toBe('2 hours ago');
    expect(relativeTime(now - 30 * 3600_000, now)).toBe('1 day ago');
    expect(relativeTime(now - 50 * 3600_000, now)).toBe('2026-11-20 18:00:00');
  });

  it('formats numbers with k, M, G, T, P, E and thousands separators', () => {
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1500)).toBe('1.5k');
    expect(formatNumber(2_000_000)).toBe('2M');
    expect(formatNumber(3.25e9, 2)).toBe('3.25G');
    expect(formatNumber(1e12)).toBe('1T');
    expect(formatNumber(4.2e15)).toBe('4.2P');
    expect(formatNumber(7e18)).toBe('7E');
    expect(formatNumber(-1500)).toBe('-1.5k');
    expect(thousands(1234567.89)).toBe('1,234,567.89');
    expect(thousands(999)).toBe('999');
  });
});
