import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // a 4xx will not get better by asking again
      retry: (count, err) => !(err instanceof ApiError && err.code < 500) && count < 2,
    },
  },
});
