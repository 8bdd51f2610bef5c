// A browser's User-Agent header as people name their device: "Chrome on Linux". One parser and one wording for the
// security page (its sessions and sign-ins), the admins' page of a user (their sessions) and the "New sign-in"
// notification, none of which quotes the raw header: it is long, unreadable on a phone and written by whoever sent
// the request.
import type { Language } from './language.js';

/** The browser and the system a User-Agent names; null for what it does not say recognisably. */
export function describeUserAgent(userAgent: string): { browser: string | null; os: string | null } {
  const ua = String(userAgent ?? '');
  // Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux".
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  return { browser, os };
}

const WORDS = {
  en: { on: (b: string, os: string) => `${b} on ${os}`, someOn: (os: string) => `a browser on ${os}`, unknown: 'unknown browser' },
  ar: { on: (b: string, os: string) => `${b} على ${os}`, someOn: (os: string) => `متصفح على ${os}`, unknown: 'متصفح غير معروف' },
} as const;

/**
 * The browser and system of a User-Agent in words, as a sentence reads them: "Chrome on Linux", "Chrome", "a browser
 * on Linux" or "unknown browser" (Arabic: "Chrome على Linux", …). `start`: the first letter capitalised, for a line
 * of its own ("Unknown browser"). Never the header itself.
 */
export function browserName(userAgent: string, lang: Language = 'en', { start = false }: { start?: boolean } = {}): string {
  const { browser, os } = describeUserAgent(userAgent);
  const w = WORDS[lang];
  const text = browser && os ? w.on(browser, os) : browser ? browser : os ? w.someOn(os) : w.unknown;
  return start ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
