import type { ComponentType } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

/** The page inside the app's one query client (every page's provider shares its cache). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function withQuery<P extends Record<string, any>>(Page: ComponentType<P>): ComponentType<P> {
  return function WithQuery(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  };
}
