// English and Arabic (docs/i18n.md), on Lingui's runtime (@lingui/core, ~2 kB gzipped; docs/decisions/016).
//
// The id of a message is its exact English text in ICU MessageFormat ("{count, plural, one {# day} other {# days}}",
// "Read the <0>guide</0>"), so the English of the spec stays in the source, word for word.
// The Arabic texts live in src/locales/ar/<bundle>.<area>.json; the build compiles them (vite.config.ts
// `messages()`) into one catalog per language and bundle, so a page downloads only its own language's texts:
//   - `shell`: the top bar, menus, footer and home page; loaded before the first render.
//   - `marketing`, `auth`: the other public pages and the sign-in forms; loaded with their chunks.
//   - `app`: everything behind sign-in; loaded with the signed-in area's chunk.
//   - `admin`: the admin desks; loaded with each desk's chunk.
// (lazyPage `{ messages: [...] }` loads a page's bundles beside its chunk.)
// English needs no catalog for plain text, `{name}` placeholders and `<0>` tags, nor the runtime: Lingui and the
// English catalog of a bundle (its ids with plurals or selects, compiled) load only with a bundle that has such
// ids. The `shell` bundle has no plural in English (the i18n check enforces it), so the first load of `/` in
// English carries no i18n runtime at all.
// A switch of language re-renders the whole tree (main.tsx keys the root by language), so `t()` may be called
// anywhere during render without a hook.
// No JSX and no dynamic import() here: every page imports this module, and either made the bundler split the
// first load into more chunks (+1.5 kB gzipped; docs/decisions/016).
import { cloneElement, createElement, Fragment, isValidElement, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { isSimple, NEEDS_RUNTIME, type Bundle, type Compiled } from './messages-demand';

export type Lang = 'en' | 'ar';
export const LANGS: readonly Lang[] = ['en', 'ar'];
export type { Bundle };

import enShell from 'virtual:messages/en/shell';
import enMarketing from 'virtual:messages/en/marketing';
import enAuth from 'virtual:messages/en/auth';
import enApp from 'virtual:messages/en/app';
import enAdmin from 'virtual:messages/en/admin';
import arShell from 'virtual:messages/ar/shell';
import arMarketing from 'virtual:messages/ar/marketing';
import arAuth from 'virtual:messages/ar/auth';
import arApp from 'virtual:messages/ar/app';
import arAdmin from 'virtual:messages/ar/admin';

type Messages = Record<string, Compiled>;
const catalogUrls: Record<Lang, Record<Bundle, string>> = {
  en: { shell: enShell, marketing: enMarketing, auth: enAuth, app: enApp, admin: enAdmin },
  ar: { shell: arShell, marketing: arMarketing, auth: arAuth, app: arApp, admin: arAdmin },
};

let lang: Lang = 'en';
const catalogs: Record<Lang, Messages> = { en: {}, ar: {} };
let runtime: I18n | undefined;
let runtimeLoading: Promise<I18n> | undefined;
const loaded = new Map<string, Promise<void>>();
const wanted = new Set<Bundle>(['shell']);

let runtimeImport: () => Promise<{ i18n: I18n }> = () => Promise.reject(new Error('no i18n runtime registered'));
/** main.tsx hands over `() => import('@lingui/core')` (a dynamic import here would add a preload helper chunk). */
export function registerRuntime(load: () => Promise<{ i18n: I18n }>): void {
  runtimeImport = load;
}

function loadRuntime(): Promise<I18n> {
  runtimeLoading ??= runtimeImport().then((m) => {
    runtime = m.i18n;
    for (const l of LANGS) runtime.load(l, catalogs[l] as never);
    runtime.activate(lang);
    return runtime;
  });
  return runtimeLoading;
}

/** Downloads a bundle's catalog of a language (once), and Lingui's runtime if it holds a plural or select. */
export function loadMessages(target: Lang, bundle: Bundle): Promise<void> {
  const key = `${target}/${bundle}`;
  let done = loaded.get(key);
  if (!done) {
    done = (async () => {
      const url = catalogUrls[target][bundle];
      if (!url) return; // a catalog with no texts (English without plurals)
      const res = await fetch(url);
      if (!res.ok) throw new Error(`messages ${key}: HTTP ${res.status}`);
      const messages = (await res.json()) as Messages;
      Object.assign(catalogs[target], messages);
      runtime?.load(target, messages as never);
      if (!Object.values(messages).every(isSimple)) await loadRuntime();
    })();
    done.catch(() => loaded.delete(key)); // a failed download may be tried again
    loaded.set(key, done);
  }
  return done;
}

/** Loads bundles in the current language, and in any language switched to later (lazyPage). */
export function wantMessages(bundles: readonly Bundle[]): Promise<unknown> {
  for (const b of bundles) wanted.add(b);
  return Promise.all(bundles.map((b) => loadMessages(lang, b)));
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
/** index.html's title, in the chosen language. */
const TITLE = msg('USDT Points – deposits, transfers and VIP packages');

export function currentLang(): Lang {
  return lang;
}

/** Loads what is needed and switches the whole client to a language; `persist` saves it in local storage. */
export async function setLang(next: Lang, { persist = true }: { persist?: boolean } = {}): Promise<void> {
  if (persist) {
    try {
      localStorage.setItem('lang', next);
    } catch {
      /* not persisted, still applied */
    }
  }
  await Promise.all([...wanted].map((b) => loadMessages(next, b)));
  lang = next;
  // The server reads it to hint a page's catalogs in this language beside the main chunk (its Link header).
  document.cookie = `lang=${next}; path=/; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
  if (runtime && runtime.locale !== next) runtime.activate(next);
  const root = document.documentElement;
  document.title = t(TITLE);
  root.lang = next;
  root.dir = next === 'ar' ? 'rtl' : 'ltr';
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

const SIMPLE = /\{(\w+)\}/g;


/** `{name}` placeholders filled in, for English texts without plurals or tags (no runtime needed). */
function fill(text: string, values?: Record<string, unknown>): string {
  return values ? text.replace(SIMPLE, (whole, name: string) => (name in values ? String(values[name]) : whole)) : text;
}

/**
 * The message in the current language. `id` is the exact English text (ICU MessageFormat). An English text
 * without plurals or selects is its own translation and needs neither a catalog entry nor the runtime.
 */
export function t(id: string, values?: Record<string, unknown>): string {
  if (lang === 'en' && !NEEDS_RUNTIME.test(id)) return fill(id, values);
  const message = catalogs[lang][id];
  if (typeof message === 'string') return message;
  if (message && isSimple(message)) {
    return message.map((part) => (typeof part === 'string' ? part : String(values?.[part[0] as string] ?? ''))).join('');
  }
  // A plural or select: Lingui (loaded with the catalog that holds it). A missing text shows the English.
  return runtime && message ? runtime._(id, values) : fill(id, values);
}

/** Marks a module-level text for translation (the i18n check finds it) and returns it unchanged: render with t(). */
export function msg<T extends string>(id: T): T {
  return id;
}

/**
 * A message with elements inside: `<Trans id="Read the <0>guide</0>" components={{ 0: <Link to="/blog" /> }} />`.
 * Each `<n>…</n>` of the translated text becomes `components[n]` with that text (or nested tags) as its
 * children; `<n/>` is the element alone.
 */
export function Trans({ id, values, components = {} }: { id: string; values?: Record<string, unknown>; components?: Record<number, ReactElement> }) {
  return createElement(Fragment, null, ...renderTags(t(id, values), components));
}

function renderTags(text: string, components: Record<number, ReactElement>): ReactNode[] {
  const out: ReactNode[] = [];
  const tag = /<(\d+)\/>|<(\d+)>([\s\S]*?)<\/\2>/g;
  let last = 0;
  let key = 0;
  for (const m of text.matchAll(tag)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const element = components[Number(m[1] ?? m[2])];
    const children = m[3] === undefined ? undefined : renderTags(m[3], components);
    if (isValidElement(element)) out.push(cloneElement(element, { key: key++ }, ...(children ?? [])));
    else out.push(createElement(Fragment, { key: key++ }, ...(children ?? [])));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Intl locale of a language: Latin digits in both, as UAE finance apps show amounts. */
export function intlLocale(target: Lang = lang): string {
  return target === 'ar' ? 'ar-AE-u-nu-latn' : 'en-US';
}

/** A whole number in the current language's grouping, Latin digits. */
export function formatCount(n: number, target: Lang = lang): string {
  return n.toLocaleString(intlLocale(target));
}
