// English and Arabic (issue 20), on Lingui's runtime (@lingui/core + @lingui/react, ~3 kB gzipped).
//
// The id of a message is its exact English text in ICU MessageFormat ("{count, plural, one {# day} other {# days}}",
// "Read the <0>guide</0>"), so the English of the spec stays in the source, word for word.
// The Arabic texts live in src/locales/ar/<bundle>.<area>.json; the build compiles them (vite.config.ts
// `messages()`) into one catalog per language and bundle:
//   - `public`: the shell, the marketing and sign-in pages; loaded before the first render.
//   - `app`: everything behind sign-in; loaded with the signed-in area's chunk (lazyPage `{ messages: 'app' }`).
// English needs no catalog for plain text (the id is the text); its catalog holds only the ids with ICU syntax,
// compiled. Only the chosen language's catalogs are downloaded.
// A switch of language re-renders the whole tree (main.tsx keys the root by language), so `t()` may be called
// anywhere during render without a hook.
import { i18n } from '@lingui/core';
import { useSyncExternalStore } from 'react';
import enPublic from 'virtual:messages/en/public';

export { Trans } from '@lingui/react';
export { i18n };

export type Lang = 'en' | 'ar';
export const LANGS: readonly Lang[] = ['en', 'ar'];
export type Bundle = 'public' | 'app';

type Messages = Record<string, unknown>;
const loaders: Record<Lang, Record<Bundle, () => Promise<{ default: Messages }>>> = {
  en: { public: async () => ({ default: enPublic }), app: () => import('virtual:messages/en/app') },
  ar: { public: () => import('virtual:messages/ar/public'), app: () => import('virtual:messages/ar/app') },
};

const loaded = new Map<string, Promise<void>>();
const wanted = new Set<Bundle>(['public']);

/** Loads a bundle's messages of a language (once). */
export function loadMessages(lang: Lang, bundle: Bundle): Promise<void> {
  const key = `${lang}/${bundle}`;
  let done = loaded.get(key);
  if (!done) {
    done = loaders[lang][bundle]().then((m) => i18n.load(lang, m.default as never));
    done.catch(() => loaded.delete(key)); // a failed download may be tried again
    loaded.set(key, done);
  }
  return done;
}

/** Loads a bundle in the current language and in any language switched to later (lazyPage). */
export function wantMessages(bundle: Bundle): Promise<void> {
  wanted.add(bundle);
  return loadMessages(currentLang(), bundle);
}

export function isLang(value: unknown): value is Lang {
  return value === 'en' || value === 'ar';
}

/** The saved choice, else the browser's languages (its Accept-Language), else English. */
export function initialLang(): Lang {
  try {
    const saved = localStorage.getItem('lang');
    if (isLang(saved)) return saved;
  } catch {
    /* storage unavailable */
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag?.toLowerCase().split('-')[0];
    if (base === 'ar') return 'ar';
    if (base === 'en') return 'en';
  }
  return 'en';
}

const listeners = new Set<() => void>();

export function currentLang(): Lang {
  return isLang(i18n.locale) ? i18n.locale : 'en';
}

function applyDocument(lang: Lang) {
  const root = document.documentElement;
  root.lang = lang;
  root.dir = lang === 'ar' ? 'rtl' : 'ltr';
}

/** Loads what is needed and switches the whole client to a language; `persist` saves it in local storage. */
export async function setLang(lang: Lang, { persist = true }: { persist?: boolean } = {}): Promise<void> {
  await Promise.all([...wanted].map((b) => loadMessages(lang, b)));
  if (persist) {
    try {
      localStorage.setItem('lang', lang);
    } catch {
      /* not persisted, still applied */
    }
  }
  if (i18n.locale === lang) return;
  i18n.activate(lang);
  applyDocument(lang);
  for (const listener of listeners) listener();
}

/** The current language, re-rendering on a switch. */
export function useLang(): Lang {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentLang,
    () => 'en',
  );
}

const HAS_SYNTAX = /[{<]/;

/**
 * The message in the current language. `id` is the exact English text (ICU MessageFormat). An English plain
 * text is its own translation and needs no catalog entry.
 */
export function t(id: string, values?: Record<string, unknown>): string {
  if (!i18n.locale || (i18n.locale === 'en' && !HAS_SYNTAX.test(id))) return id;
  return i18n._(id, values);
}

/** Marks a module-level text for translation (the i18n check finds it) and returns it unchanged: render with t(). */
export function msg<T extends string>(id: T): T {
  return id;
}

/** Intl locale of a language: Latin digits in both, as UAE finance apps show amounts. */
export function intlLocale(lang: Lang = currentLang()): string {
  return lang === 'ar' ? 'ar-AE-u-nu-latn' : 'en-US';
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** A cached Intl.DateTimeFormat for the current language. */
export function dateFormat(options: Intl.DateTimeFormatOptions, lang: Lang = currentLang()): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(lang), options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A whole number in the current language's grouping, Latin digits. */
export function formatCount(n: number, lang: Lang = currentLang()): string {
  return n.toLocaleString(intlLocale(lang));
}
