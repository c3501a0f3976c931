import { describe, expect, it } from 'vitest';
import { browserTimeZone, supportedTimeZones, wallClock, zoneAbbreviation } from './time-zone';

describe('time zones', () => {
  it("draws a zone's wall clock: 06:00 UTC is 08:00 in Johannesburg and 11:30 in Kolkata, and back", () => {
    const at = Date.parse('2026-01-15T06:00:00Z');
    const joburg = wallClock('Africa/Johannesburg');
    expect(joburg.toWall(at)).toBe(Date.parse('2026-01-15T08:00:00Z'));
    expect(joburg.format(joburg.toWall(at), 'HH:mm')).toBe('08:00');
    expect(joburg.fromWall(joburg.toWall(at))).toBe(at);
    expect(joburg.label(joburg.toWall(at))).toBe('2026-01-15 08:00:00 UTC+2');
    const kolkata = wallClock('Asia/Kolkata');
    expect(kolkata.format(kolkata.toWall(at), 'HH:mm')).toBe('11:30');
    expect(kolkata.fromWall(kolkata.toWall(at))).toBe(at);
  });

  it('follows summer time in Los Angeles (PST in January, PDT in July)', () => {
    const la = wallClock('America/Los_Angeles');
    const winter = Date.parse('2026-01-15T20:00:00Z');
    const summer = Date.parse('2026-07-15T20:00:00Z');
    expect(la.format(la.toWall(winter), 'HH:mm')).toBe('12:00');
    expect(la.format(la.toWall(summer), 'HH:mm')).toBe('13:00');
    expect(la.label(la.toWall(summer), 'HH:mm')).toBe('13:00 PDT');
    expect(la.fromWall(la.toWall(summer))).toBe(summer);
    expect(zoneAbbreviation('America/Los_Angeles', winter)).toBe('PST');
  });

  it("lists the browser's zones for the setting, and knows the browser's own", () => {
    const zones = supportedTimeZones();
    expect(zones).toContain('Africa/Johannesburg');
    expect(zones).toContain('UTC');
    expect(zones).toContain(browserTimeZone());
  });
});
