// docs/product.md#behaviour: people see a deposit or withdrawal as "Approved" or "Pending" (admins may see other words).
// The word carries the meaning; colour only repeats it.
import { t } from '../../lib/i18n';

export function StatusBadge({ done, doneLabel = t('Approved'), pendingLabel = t('Pending') }: { done: boolean; doneLabel?: string; pendingLabel?: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        done
          ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100'
          : 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100'
      }`}
    >
      {done ? doneLabel : pendingLabel}
    </span>
  );
}
