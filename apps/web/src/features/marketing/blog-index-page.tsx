import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page';
import { t, useLang } from '../../lib/i18n';
import { publishedDate, useArticles } from './use-articles';

export function BlogIndexPage() {
  const lang = useLang();
  const articles = useArticles();
  return (
    <section>
      <PageHeader title={t('Blog')} intro={t('Plain explanations of crypto, wallets and transfers. No tips, no promised returns.')} />
      <ul className="grid gap-4 md:grid-cols-2">
        {articles.map((article) => (
          <li key={article.slug} className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
            <h2 className="text-lg font-semibold">
              <Link to={`/blog/${article.slug}`} className="text-emerald-800 hover:underline dark:text-emerald-300">
                {article.title}
              </Link>
            </h2>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
              <time dateTime={article.published}>{publishedDate(article.published, lang)}</time>
            </p>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{article.summary}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
