import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver, reach } from '@/test-intersection';
import { NearScreen } from './near-screen';

describe('<NearScreen>', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeIntersectionObserver.all.clear();
  });

  it('shows the placeholder until scrolled near, then its children, and keeps them', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { rerender } = render(
      <NearScreen placeholder={<p>placeholder</p>} data-testid="near">
        <p>the tables</p>
      </NearScreen>,
    );
    expect(screen.getByText('placeholder')).toBeTruthy();
    expect(screen.queryByText('the tables')).toBeNull();
    expect(FakeIntersectionObserver.all.size).toBe(1);

    reach();
    expect(screen.getByText('the tables')).toBeTruthy();
    expect(screen.queryByText('placeholder')).toBeNull();
    // once there, they stay: nothing watches any more
    expect(FakeIntersectionObserver.all.size).toBe(0);
    rerender(
      <NearScreen placeholder={<p>placeholder</p>} data-testid="near">
        <p>the tables</p>
      </NearScreen>,
    );
    expect(screen.getByText('the tables')).toBeTruthy();
  });

  it('shows the still placeholder before, the loading fallback while the code comes', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    let arrive: (m: { default: () => React.ReactNode }) => void = () => {};
    const Tables = lazy(() => new Promise<{ default: () => React.ReactNode }>((resolve) => (arrive = resolve)));
    render(
      <NearScreen placeholder={<p>still</p>} fallback={<p>loading</p>}>
        <Tables />
      </NearScreen>,
    );
    expect(screen.getByText('still')).toBeTruthy();
    reach();
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => arrive({ default: () => <p>the tables</p> }));
    expect(await screen.findByText('the tables')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });
});
