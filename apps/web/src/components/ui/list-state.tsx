// The states a fetched list shows instead of its rows, one look everywhere.
import type { ReactNode } from 'react';
import { Button } from './button';
import { Skeleton } from './skeleton';
import { t } from '../../lib/i18n';

/** The list could not be loaded: the reason, and a way to ask again. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" className="py-4 text-red-700 dark:text-red-300">
      <p>{children}</p>
      <Button variant="secondary" className="mt-2" onClick={onRetry}>
        {t('Try again')}
      </Button>
    </div>
  );
}

/** The page asked for is past the end (rows were removed meanwhile). */
export function PageGone({ onFirstPage }: { onFirstPage: () => void }) {
  return (
    <div className="py-4 text-slate-600 dark:text-slate-300">
      <p>{t('There is nothing on this page any more.')}</p>
      <Button variant="secondary" className="mt-2" onClick={onFirstPage}>
        {t('Go to the first page')}
      </Button>
    </div>
  );
}

/** The list is on its way: skeleton rows (never "Loading…" text), named by `label` for assistive technology. */
export function ListLoading({ label, rows }: { label: string; rows?: number }) {
  return <Skeleton label={label} rows={rows} />;
}
