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

// Mounted for the life of the page (refetch on window focus and reconnect), as the one app-wide
// provider used to do: the pages now each bring their own provider (lazy-page.tsx), and the shell
// observes /user/me without one (session-cache.ts).
queryClient.mount();
