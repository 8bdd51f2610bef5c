// The top bar's bell (loaded only for a signed-in visitor, see bell-slot.tsx): the unread count, and a panel
// with the latest notifications. The panel is a non-modal popover: Escape or a click outside closes it, focus
// moves into it when it opens and back to the bell when Escape closes it.
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import type { MarkReadBody } from '@app/contract';
import { errorMessage } from '../../lib/api';
import { walletKeys } from '../../lib/account-api';
import { t } from '../../lib/i18n';
import { noticeToast } from '../../lib/toast';
import { fetchNotifications, notificationKeys, PANEL_LIMIT } from './api';
import { NotificationRow } from './notification-item';
import { useMarkRead } from './use-mark-read';
import { useNotificationStream } from './use-notification-stream';
import { ListLoading } from '../../components/ui/list-state';

/** The badge's text: the unread count, "99+" above 99. */
const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));
/**
 * "Notifications, 3 unread": the bell's accessible name carries the count as its badge shows it, "99+" included, so
 * the visible label is in the name (WCAG 2.5.3; Lighthouse's label-content-name-mismatch) and voice control finds it.
 */
export const bellLabel = (unread: number) => (unread > 0 ? t('Notifications, {unread} unread', { unread: badgeText(unread) }) : t('Notifications'));

export function NotificationBell() {
  const { pathname } = useLocation();
  // Open on the page it was opened on: following a link (or any navigation) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const panelId = useId();
  const headingId = useId();

  const latest = useQuery({
    queryKey: notificationKeys.list(1, PANEL_LIMIT),
    queryFn: () => fetchNotifications(1, PANEL_LIMIT),
  });
  const markRead = useMarkRead();
  // The button pressed goes away (or is disabled) once the mark lands: keep focus in the panel, on its heading.
  const mark = (target: MarkReadBody) => {
    markRead.mutate(target);
    headingRef.current?.focus();
  };

  // One quiet toast at a time (a burst replaces it), and none while the panel already shows the list, the tab is
  // in the background, or this tab's own action already told the same event (lib/toast.ts).
  const queryClient = useQueryClient();
  useNotificationStream((item) => {
    // A credit (or any money event) pushed: the balance, the records and the own deposit address re-read at once.
    for (const queryKey of [walletKeys.point, walletKeys.statement, walletKeys.myDeposits, walletKeys.myWithdrawals, ['own-deposit-address']]) {
      void queryClient.invalidateQueries({ queryKey });
    }
    if (open || document.visibilityState !== 'visible') return;
    noticeToast(item.kind, item.title);
  });

  useEffect(() => {
    if (!open) return;
    headingRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  // Focus leaving the panel and bell (Tab past the last link) closes it, as a click outside does.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (open && event.relatedTarget && !wrapperRef.current?.contains(event.relatedTarget as Node)) setOpen(false);
  };

  const data = latest.data;
  const unread = data?.unread ?? 0;
  const badge = badgeText(unread);

  return (
    <div ref={wrapperRef} className="sm:relative" onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="notification-bell"
      >
        <Bell aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute top-0.5 end-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white tabular-nums dark:bg-red-400 dark:text-slate-950"
          >
            {badge}
          </span>
        )}
      </button>
      <div
        id={panelId}
        role="dialog"
        aria-modal="false"
        aria-labelledby={headingId}
        hidden={!open}
        className="absolute top-full end-2 start-2 z-40 mt-1 flex max-h-[calc(100dvh-5rem)] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white text-slate-900 shadow-xl sm:end-0 sm:start-auto sm:w-96 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
            {t('Notifications')}
          </h2>
          <button
            type="button"
            className="rounded px-1 text-sm font-medium text-emerald-800 underline-offset-2 hover:underline disabled:opacity-50 dark:text-emerald-300"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => mark({ all: true })}
          >
            {t('Mark all as read')}
          </button>
        </div>
        {/* The rows are drawn when the panel opens: closed, the bell needs only the count (a first load's rows,
            hidden, cost the signed-in home's first second of main thread for nothing). */}
        <div className="min-h-0 flex-1 overflow-y-auto">
          {!open ? null : latest.isPending ? (
            <ListLoading label={t('Loading notifications…')} />
          ) : latest.isError || !data ? (
            <div role="alert" className="px-4 py-6 text-sm text-red-700 dark:text-red-300">
              <p>{errorMessage(latest.error, t('Could not load your notifications.'))}</p>
              <button type="button" className="mt-2 font-medium underline" onClick={() => void latest.refetch()}>
                {t('Try again')}
              </button>
            </div>
          ) : data.notifications.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-300">{t('Nothing yet. Money that moves on your account will show here.')}</p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label={t('Latest notifications')}>
              {data.notifications.map((n) => (
                <NotificationRow key={n._id} notification={n} compact busy={markRead.isPending} onMarkRead={(id) => mark({ ids: [id] })} />
              ))}
            </ul>
          )}
        </div>
        <div className="border-t border-slate-200 px-4 py-3 text-center dark:border-slate-700">
          <Link
            to="/user/notifications"
            className="text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-300"
            onClick={() => setOpen(false)}
          >
            {t('All notifications')}
          </Link>
        </div>
      </div>
    </div>
  );
}
