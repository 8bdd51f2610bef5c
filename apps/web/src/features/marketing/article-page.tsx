import { Link } from 'react-router';
import { t, Trans, useLang } from '../../lib/i18n';
import type { ArticleSlug } from './article-slugs';
import { publishedDate, useArticles } from './use-articles';

export function ArticlePage({ slug }: { slug: ArticleSlug }) {
  const lang = useLang();
  const article = useArticles().find((a) => a.slug === slug);
  // i18n-ignore: an HTTP status, never shown (the router only mounts this page for the six slugs)
  if (!article) throw new Response('Article not found', { status: 404, statusText: 'Not Found' });
  return (
    <article className="prose-article max-w-3xl">
      <p className="mb-4 text-sm">
        <Link to="/blog" className="font-semibold text-emerald-800 underline dark:text-emerald-300">
          <span className="inline-block rtl:-scale-x-100">←</span> {t('All articles')}
        </Link>
      </p>
      <h1 className="text-3xl font-bold tracking-tight">{article.title}</h1>
      <p className="mt-2 mb-6 text-sm text-slate-600 dark:text-slate-300">
        <Trans
          id="Published <0>{date}</0>"
          values={{ date: publishedDate(article.published, lang) }}
          components={{ 0: <time dateTime={article.published} /> }}
        />
      </p>
      <p className="text-lg">{article.summary}</p>
      {article.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text.slice(0, 40)}>{text}</p>
          ))}
        </section>
      ))}
      <aside className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-700 dark:bg-amber-950">
        {t(
          'Cryptocurrency is risky and you can lose money. This article is for information only; it is not financial advice and we promise no returns.',
        )}
      </aside>
    </article>
  );
}
