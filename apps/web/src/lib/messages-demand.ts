// How a lazy page asks for its message bundles (lazy-page.tsx) without importing lib/i18n.tsx itself: i18n.tsx
// registers its loader here at start. (A lazy chunk importing i18n.tsx made the bundler split the first load
// into five chunks, +1.5 kB gzipped.)
export type Bundle = 'shell' | 'marketing' | 'auth' | 'app';

/** Plurals and selects ({count, plural, …}) need Lingui's runtime; `{name}` and `<0>` tags do not (i18n.tsx). */
export const NEEDS_RUNTIME = /\{\s*\w+\s*,/;
let loader: (bundles: readonly Bundle[]) => Promise<unknown> = async () => undefined;

export function registerMessagesLoader(load: (bundles: readonly Bundle[]) => Promise<unknown>): void {
  loader = load;
}

export function wantMessages(bundles: readonly Bundle[]): Promise<unknown> {
  return loader(bundles);
}
