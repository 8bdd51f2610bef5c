// What the i18n check (i18n.test.ts, run in Node) and lazy-page.tsx need of lib/i18n.ts without its catalog
// imports (virtual modules that exist only in a Vite build): the bundle names, the plural test, and the loader
// i18n.ts registers at start.
export type Bundle = 'shell' | 'marketing' | 'auth' | 'app' | 'admin';

/** Plurals and selects ({count, plural, …}) need Lingui's runtime; `{name}` and `<0>` tags do not (i18n.ts). */
export const NEEDS_RUNTIME = /\{\s*\w+\s*,/;
let loader: (bundles: readonly Bundle[]) => Promise<unknown> = async () => undefined;

export function registerMessagesLoader(load: (bundles: readonly Bundle[]) => Promise<unknown>): void {
  loader = load;
}

export function wantMessages(bundles: readonly Bundle[]): Promise<unknown> {
  return loader(bundles);
}
