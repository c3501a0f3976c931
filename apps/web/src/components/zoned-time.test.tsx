import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { mockFetch } from '@/test-fetch';
import { signedInWith } from '@/test-utils';
import { ZonedTime } from './zoned-time';
import { formatZonedTime, rememberUserZone, zoneAbbreviation, zoneFullName } from '@/lib/time-zone';
import { aProfile } from '@/test-fixtures';

initI18n('en');

const withClient = (ui: ReactElement) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

// 06:00 UTC on a winter day in the north: 08:00 in Johannesburg, 22:00 the day before in Los Angeles.
const AT = Date.parse('2026-01-15T06:00:00Z');

describe('<ZonedTime>', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ token: undefined, info: null });
  });

  it("shows a Johannesburg time at 08:00 with its zone named, and the zone's full name on hover", () => {
    const fetch = mockFetch();
    withClient(<ZonedTime value={AT} timeZone="Africa/Johannesburg" />);
    const time = screen.getByText(/2026-01-15 08:00:00/);
    expect(time.textContent).toBe('2026-01-15 08:00:00 UTC+2');
    expect(time.getAttribute('title')).toContain('Africa/Johannesburg');
    expect(screen.getByTitle(/Africa\/Johannesburg/)).toBe(time);
    // a zone given: the user's own setting is not asked for
    expect(fetch).not.toHaveBeenCalled();
  });

  it('names the zone as it is at that instant (summer time) and keeps half-hour offsets', () => {
    withClient(<ZonedTime value={AT} timeZone="America/Los_Angeles" format="YYYY-MM-DD HH:mm" />);
    expect(screen.getByText(/2026-01-14 22:00/).textContent).toBe('2026-01-14 22:00 PST');
    expect(zoneAbbreviation('America/Los_Angeles', Date.parse('2026-07-01T12:00:00Z'))).toBe('PDT');
    expect(zoneAbbreviation('Asia/Kolkata', AT)).toBe('UTC+5:30');
    // Chinese has no abbreviation for the Pacific zone: the offset, written as UTC
    expect(zoneAbbreviation('America/Los_Angeles', AT, 'zh')).toBe('UTC-8');
    expect(formatZonedTime(AT, 'Asia/Kolkata', 'HH:mm')).toBe('11:30 UTC+5:30');
    expect(zoneFullName('Asia/Kolkata', AT)).toBe('Asia/Kolkata (India Standard Time)');
  });

  it("falls back to the user's chosen zone when the record has none (an unbound device, an audit row)", async () => {
    signedInWith('');
    const fetch = mockFetch((req) => (req.path === '/profile' ? aProfile({ timeZone: 'Asia/Tokyo' }) : null));
    withClient(<ZonedTime value={AT} timeZone={null} />);
    expect((await screen.findByText(/2026-01-15 15:00:00/)).getAttribute('title')).toContain('Asia/Tokyo');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('takes the zone from the session when it carries one, and follows a newly saved one', async () => {
    signedInWith('');
    rememberUserZone('America/Los_Angeles');
    const fetch = mockFetch();
    withClient(<ZonedTime value={AT} />);
    expect(screen.getByText(/2026-01-14 22:00:00/).textContent).toBe('2026-01-14 22:00:00 PST');
    act(() => rememberUserZone('Asia/Kolkata'));
    expect((await screen.findByText(/2026-01-15 11:30:00/)).textContent).toBe('2026-01-15 11:30:00 UTC+5:30');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a dash for no time and an unknown zone in the spec fallback zone, named', () => {
    const { container } = withClient(<ZonedTime value={null} timeZone="Africa/Johannesburg" />);
    expect(container.textContent).toBe('—');
    withClient(<ZonedTime value={AT} timeZone="Mars/Olympus" />);
    expect(screen.getByText(/2026-01-15 14:00:00/).getAttribute('title')).toContain('Asia/Shanghai');
  });
});
