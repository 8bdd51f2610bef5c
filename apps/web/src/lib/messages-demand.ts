// What the i18n check (i18n.test.ts, run in Node) needs of lib/i18n.ts without its catalog imports (virtual
// modules that exist only in a Vite build): the bundle names and the plural test.
export type Bundle = 'shell' | 'marketing' | 'auth' | 'app' | 'admin';

/** Plurals and selects ({count, plural, …}) need Lingui's runtime; `{name}` and `<0>` tags do not (i18n.ts). */
export const NEEDS_RUNTIME = /\{\s*\w+\s*,/;
