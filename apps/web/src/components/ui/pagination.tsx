import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonClass } from './button';
import { t } from '../../lib/i18n';

interface PaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** Names the list, so several paginations on one page stay distinct to screen readers. */
  label: string;
}

/** Previous / Next with "Page x of y"; hidden when everything fits on one page. */
export function Pagination({ page, pageCount, onPage, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('{label} pages', { label })} className="mt-4 flex items-center justify-between gap-3">
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
        {t('Previous')}
      </button>
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {t('Page {page} of {pageCount}', { page, pageCount })}
      </p>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        {t('Next')}
        <ChevronRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
      </button>
    </nav>
  );
}
