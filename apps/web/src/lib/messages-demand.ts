// What the i18n check (i18n.test.ts, run in Node) and the build (vite.config.ts) need of lib/i18n.ts without its
// catalog imports (virtual modules that exist only in a Vite build): the bundle names and the plural tests.
export type Bundle = 'shell' | 'marketing' | 'auth' | 'app' | 'admin';

/** Plurals and selects ({count, plural, …}) need Lingui's runtime; `{name}` and `<0>` tags do not (i18n.ts). */
export const NEEDS_RUNTIME = /\{\s*\w+\s*,/;

/** A compiled message: a text, or parts where `[name]` is a placeholder and longer arrays are plurals/selects. */
export type Compiled = string | (string | unknown[])[];

/** Plain texts and `{name}` placeholders are filled by i18n.ts itself; only a plural or a select needs Lingui. */
export function isSimple(message: Compiled): boolean {
  return typeof message === 'string' || message.every((part) => typeof part === 'string' || (Array.isArray(part) && part.length === 1));
}
