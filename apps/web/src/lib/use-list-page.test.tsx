import { QueryClient, QueryClientProvider, keepPreviousData, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { listLoading } from './use-list-page';

/** A list query whose answers the test gives by hand: each page's rows come when `answer()` is called. */
function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const pending: (() => void)[] = [];
  const answer = () => act(() => pending.shift()!());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    ({ page }: { page: number }) => {
      const q = useQuery({
        queryKey: ['things', page],
        queryFn: () => new Promise<number[]>((resolve) => pending.push(() => resolve([page]))),
        placeholderData: keepPreviousData,
      });
      return { q, loading: listLoading(q) };
    },
    { wrapper, initialProps: { page: 1 } },
  );
  return { client, answer, hook, pending };
}

describe('listLoading', () => {
  it('spins on the first load and on another page, not on a refetch in the background', async () => {
    const { client, answer, hook, pending } = setup();
    expect(hook.result.current.loading).toBe(true);
    await waitFor(() => expect(pending).toHaveLength(1));
    answer();
    await waitFor(() => expect(hook.result.current.q.data).toEqual([1]));
    expect(hook.result.current.loading).toBe(false);

    // a live event invalidates the list: it is read again, its rows stay, no spinner
    act(() => {
      void client.invalidateQueries({ queryKey: ['things'] });
    });
    await waitFor(() => expect(hook.result.current.q.isFetching).toBe(true));
    expect(hook.result.current.loading).toBe(false);
    answer();
    await waitFor(() => expect(hook.result.current.q.isFetching).toBe(false));

    // the user asks for page 2: the rows of page 1 stay under a spinner until it comes
    hook.rerender({ page: 2 });
    await waitFor(() => expect(hook.result.current.q.isPlaceholderData).toBe(true));
    expect(hook.result.current.loading).toBe(true);
    await waitFor(() => expect(pending).toHaveLength(1));
    answer();
    await waitFor(() => expect(hook.result.current.q.data).toEqual([2]));
    expect(hook.result.current.loading).toBe(false);
  });
});
