import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { t } from '../lib/i18n';

export function DeniedPage() {
  return (
    <section className="py-16 text-center">
      <p className="text-6xl font-bold text-red-700 dark:text-red-300">403</p>
      <h1 className="mt-4 text-3xl font-bold">{t('Access Denied')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('You do not have permission to view this page.')}</p>
      <Link to="/" className={buttonClass('primary', 'mt-8')}>
        {t('Go home')}
      </Link>
    </section>
  );
}
