// The blog articles in the reader's language (docs/i18n.md). English is ARTICLES (articles.ts, already in the
// article pages' chunk); Arabic is ARTICLES_AR, a chunk of its own downloaded only when the language is Arabic.
import { use } from 'react';
import { ARTICLES, type Article } from './articles';
import { currentLang, useLang, type Lang } from '../../lib/i18n';
import { formatDate } from '../../components/ui/date-time';

let arabic: Promise<Article[]> | undefined;

/** The Arabic articles, downloaded once (and again after a failed download). */
export function loadArabicArticles(): Promise<Article[]> {
  if (!arabic) {
    const loading = import('./articles.ar').then((m) => m.ARTICLES_AR);
    loading.catch(() => {
      if (arabic === loading) arabic = undefined;
    });
    arabic = loading;
  }
  return arabic;
}

// An Arabic reader's page chunk starts the articles' download at once, before its first render.
if (currentLang() === 'ar') void loadArabicArticles().catch(() => {});

/** The six articles in the current language; suspends while the Arabic ones download. */
export function useArticles(): Article[] {
  return useLang() === 'ar' ? use(loadArabicArticles()) : ARTICLES;
}

/** An article's date (YYYY-MM-DD) in the app's one date format of the language (docs/voice.md#dates). */
export function publishedDate(iso: string, lang: Lang): string {
  return formatDate(iso, { day: true, utc: true, lang });
}
