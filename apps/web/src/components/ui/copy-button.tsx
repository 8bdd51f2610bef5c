import { Copy } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from './button';
import { t } from '../../lib/i18n';

/**
 * Copies `text`; `ariaLabel` names the button where one page shows many ("Copy code ABCD…"). `compact` is the
 * icon alone, beside a value in a table cell (the `ariaLabel` is then its name).
 */
export function CopyButton({
  text,
  label = t('Copy'),
  what,
  ariaLabel,
  compact,
}: {
  text: string;
  label?: string;
  what: string;
  ariaLabel?: string;
  compact?: boolean;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('{what} copied', { what }));
    } catch {
      toast.error(t('Could not copy the {what}; select it and copy it by hand.', { what: what.toLowerCase() }));
    }
  };
  if (compact) {
    return (
      <button
        type="button"
        aria-label={ariaLabel ?? t('Copy {what}', { what: what.toLowerCase() })}
        title={t('Copy {what}', { what: what.toLowerCase() })}
        onClick={() => void copy()}
        className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <Copy aria-hidden="true" className="h-4 w-4" />
      </button>
    );
  }
  return (
    <Button variant="secondary" aria-label={ariaLabel} onClick={() => void copy()}>
      <Copy aria-hidden="true" className="h-4 w-4" />
      {label}
    </Button>
  );
}
