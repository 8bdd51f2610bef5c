import { createElement, isValidElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';
import { wantMessages, type Bundle } from './i18n';

/** A page split into its own chunk; `preload` fetches it (and its messages and first call) before it renders. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LazyPage<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & { preload: () => Promise<unknown> };

/**
 * React.lazy for a named export, so pages keep named exports and still split into their own chunk.
 * The page renders inside TanStack Query's provider (loaded beside it), unless it says it runs no
 * query (`{ query: false }`: the marketing pages), so `/` and those pages never load the query cache.
 * `messages: ['app']` loads those message bundles in the current language (lib/i18n.ts) beside the chunk;
 * `data` starts the page's first call beside it too, and the page renders once that has settled.
 * A page whose chunk was loaded before it first mounts (`preload`: the first load's page, main.tsx) renders at
 * once: React.lazy would suspend it one more time, and a suspended page's reveal waits until 300 ms after the
 * skeleton was shown (React's throttle on suspense retries).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  { query = true, messages, data }: { query?: boolean; messages?: readonly Bundle[]; data?: () => Promise<unknown> } = {},
): LazyPage<M[K]> {
  type Page = ComponentType<ComponentProps<M[K]>>;
  let loaded: Page | undefined;
  let loading: Promise<{ default: Page }> | undefined;
  const preload = () =>
    (loading ??= (async () => {
      const text = messages ? wantMessages(messages) : undefined;
      if (!query) return { default: (await Promise.all([load(), text]))[0][name] as Page };
      const [page, { withQuery }] = await Promise.all([load(), import('./query-provider'), text, data?.()]);
      return { default: withQuery(page[name]) as Page };
    })().then((m) => {
      loaded = m.default;
      return m;
    }));
  const Lazy = lazy(preload);
  function LazyPageComponent(props: ComponentProps<M[K]>) {
    // Chosen once per mount: switching from the lazy wrapper to the page itself would remount it.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }
  return Object.assign(LazyPageComponent, { preload });
}

/** Preloads the page a route renders (`element`), when it is a lazy page; anything else has nothing to load. */
export function preloadPage(element: unknown): Promise<unknown> {
  if (!isValidElement(element)) return Promise.resolve();
  return (element.type as { preload?: () => Promise<unknown> }).preload?.() ?? Promise.resolve();
}
