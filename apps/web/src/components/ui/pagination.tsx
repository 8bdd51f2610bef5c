import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonClass } from './button';

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
    <nav aria-label={`${label} pages`} className="mt-4 flex items-center justify-between gap-3">
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
        Previous
      </button>
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        Page {page} of {pageCount}
      </p>
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
      </button>
    </nav>
  );
}
