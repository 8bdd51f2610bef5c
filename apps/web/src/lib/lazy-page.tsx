import { lazy, type ComponentType } from 'react';
import { wantMessages, type Bundle } from './i18n';

/**
 * React.lazy for a named export, so pages keep named exports and still split into their own chunk.
 * The page renders inside TanStack Query's provider (loaded beside it), unless it says it runs no
 * query (`{ query: false }`: the marketing pages), so `/` and those pages never load the query cache.
 * `messages: ['app']` loads those message bundles in the current language (lib/i18n.ts) beside the chunk;
 * `data` starts the page's first call beside it too, and the page renders once that has settled.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  { query = true, messages, data }: { query?: boolean; messages?: readonly Bundle[]; data?: () => Promise<unknown> } = {},
) {
  return lazy(async () => {
    const text = messages ? wantMessages(messages) : undefined;
    if (!query) return { default: (await Promise.all([load(), text]))[0][name] };
    const [page, { withQuery }] = await Promise.all([load(), import('./query-provider'), text, data?.()]);
    return { default: withQuery(page[name]) };
  });
}
