import { QueryClient } from '@tanstack/react-query';
import { httpStatus } from './api-error';

// Client errors (4xx) are answers, not glitches: retrying them only repeats the same refusal.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => {
        const status = httpStatus(error);
        if (status !== undefined && status < 500) return false;
        return failureCount < 2;
      },
    },
    mutations: { retry: false },
  },
});
