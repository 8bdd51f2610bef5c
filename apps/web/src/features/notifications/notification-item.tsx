import { t } from '../../lib/i18n';
import { DateTime } from '../../components/ui/date-time';
import type { NotificationItem } from '@app/contract';

interface NotificationRowProps {
  notification: NotificationItem;
  /** The panel shows two lines of the body; the page shows all of it. */
  compact?: boolean;
  onMarkRead: (id: string) => void;
  busy: boolean;
}

/** A date and time in the current language (Latin digits), machine-readable in `dateTime`, never broken over two lines. */
export function When({ iso }: { iso: string }) {
  return <DateTime iso={iso} />;
}

/** One notification: unread ones are bold with a dot, and have their own "Mark read" button. */
export function NotificationRow({ notification: n, compact = false, onMarkRead, busy }: NotificationRowProps) {
  return (
    <li
      data-testid="notification"
      data-read={n.read}
      className={`flex min-w-0 gap-3 ${compact ? 'px-4 py-3' : 'rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-700'} ${
        n.read ? '' : 'bg-emerald-50/60 dark:bg-emerald-950/40'
      }`}
    >
      <span
        aria-hidden="true"
        className={`mt-2 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-emerald-700 dark:bg-emerald-400'}`}
      />
      <div className="min-w-0 flex-1">
        <p className={`break-words ${n.read ? 'font-medium' : 'font-semibold'}`}>
          {!n.read && <span className="sr-only">{t('Unread:')} </span>}
          {n.title}
        </p>
        <p className={`mt-0.5 text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300 ${compact ? 'line-clamp-2' : ''}`}>
          {n.body}
        </p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="text-xs text-slate-600 dark:text-slate-300">
            <When iso={n.createdAt} />
          </p>
          {!n.read && (
            <button
              type="button"
              className="rounded px-1 text-sm font-medium text-emerald-800 underline-offset-2 hover:underline disabled:opacity-50 dark:text-emerald-300"
              onClick={() => onMarkRead(n._id)}
              disabled={busy}
              aria-label={t('Mark “{title}” as read', { title: n.title })}
            >
              {t('Mark read')}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
