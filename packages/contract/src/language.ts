// The platform's languages (docs/i18n.md): English, the product's language, and Arabic. The user's choice is saved on the
// account (users.language, migration 0016; PUT /api/v1/user/language) and decides the language of API messages,
// e-mails and notifications; without it, a request's Accept-Language does.
import { z } from 'zod';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_MSG = {
  invalid: 'Language must be "en" or "ar"',
  saved: 'Language saved',
} as const;

export const languageField = z.enum(LANGUAGES, { error: LANGUAGE_MSG.invalid });
/** PUT /api/v1/user/language. */
export const languageBody = z.object({ language: languageField }, { error: LANGUAGE_MSG.invalid });

export const isLanguage = (v: unknown): v is Language => v === 'en' || v === 'ar';

/**
 * The language an Accept-Language header asks for: the platform's language with the highest q-value (`ar`,
 * `ar-AE`, `AR-eg` are Arabic; `*` is English; `q=0` refuses a language), else English. Ties keep the header's
 * order. Linear in the header's length (at most the first 64 entries are read).
 */
export function languageFromAcceptLanguage(header: string | string[] | undefined): Language {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return DEFAULT_LANGUAGE;
  let best: Language | null = null;
  let bestQ = 0;
  const refused = new Set<Language>();
  for (const entry of text.split(',', 64)) {
    const [rangePart, ...params] = entry.split(';');
    const range = rangePart!.trim().toLowerCase();
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    const primary = range.split('-')[0];
    const lang: Language | null = primary === 'ar' ? 'ar' : primary === 'en' || range === '*' ? 'en' : null;
    if (!lang) continue;
    if (q <= 0) {
      if (range !== '*') refused.add(lang);
      continue;
    }
    if (q > bestQ) {
      best = lang;
      bestQ = q;
    }
  }
  if (best && refused.has(best)) best = null;
  return best ?? DEFAULT_LANGUAGE;
}
