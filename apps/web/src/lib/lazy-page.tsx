import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export, so pages keep named exports and still split into their own chunk.
 * The page renders inside TanStack Query's provider (loaded beside it), unless it says it runs no
 * query (`{ query: false }`: the marketing pages), so `/` and those pages never load the query cache.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  { query = true }: { query?: boolean } = {},
) {
  return lazy(async () => {
    if (!query) return { default: (await load())[name] };
    const [page, { withQuery }] = await Promise.all([load(), import('./query-provider')]);
    return { default: withQuery(page[name]) };
  });
}
