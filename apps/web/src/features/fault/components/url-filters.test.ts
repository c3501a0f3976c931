import { describe, expect, it } from 'vitest';
import { faultListHref } from '@/lib/fault-links';
import { readUrlFilters } from './url-filters';

describe('the fault list link', () => {
  it('reads back the filters a link writes', () => {
    const href = faultListHref({ plantId: 3, days: 30, state: 'unrepaired' });
    expect(href).toBe('/systems/problem?plantId=3&days=30&state=unrepaired');
    const url = readUrlFilters(new URL(href, 'http://console.test').searchParams);
    expect(url).toEqual({ query: { plantId: 3, days: 30, state: 'unrepaired' }, faultId: undefined, any: true });
  });

  it('keeps the good values of a link and leaves out the wrong ones', () => {
    const url = readUrlFilters(new URLSearchParams('plantId=-2&days=30&severity=loud&processing=inProgress&code=F07'));
    expect(url.query).toEqual({ days: 30, processing: 'inProgress', code: 'F07' });
  });

  it("opens a notification's fault without naming any filter", () => {
    const url = readUrlFilters(new URLSearchParams(faultListHref({ faultId: 42 }).split('?')[1]));
    expect(url).toEqual({ query: {}, faultId: 42, any: true });
    expect(readUrlFilters(new URLSearchParams('faultId=abc')).any).toBe(false);
  });
});
