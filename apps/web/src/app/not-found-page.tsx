import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { t } from '../lib/i18n';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <section className="py-16 text-center">
      <p className="text-6xl font-bold text-emerald-700 dark:text-emerald-300">404</p>
      <h1 className="mt-4 text-3xl font-bold">{t('Page not found')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('The page you are looking for does not exist or has moved.')}</p>
      <Button className="mt-8" onClick={() => void navigate(-1)}>
        {t('Go Back')}
      </Button>
    </section>
  );
}
