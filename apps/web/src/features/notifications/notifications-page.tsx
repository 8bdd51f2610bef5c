// /user/notifications: every notification, newest first, paged; mark one or all read; and the e-mail
// preferences per category. The stream (the bell's) keeps this list live too: it shares the list queries.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadError, PageGone, ListLoading } from '../../components/ui/list-state';
import { PageHeader } from '../../components/ui/page';
import { Pagination } from '../../components/ui/pagination';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { fetchNotifications, notificationKeys, PAGE_LIMIT } from './api';
import { EmailPreferences } from './email-preferences';
import { NotificationRow } from './notification-item';
import { useMarkRead } from './use-mark-read';
import { EmptyState } from '../../components/ui/empty-state';

export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: notificationKeys.list(page, PAGE_LIMIT),
    queryFn: () => fetchNotifications(page, PAGE_LIMIT),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
  const markRead = useMarkRead();
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_LIMIT)) : 1;

  let body;
  if (list.isPending) {
    body = <ListLoading label={t('Loading notifications…')} />;
  } else if (list.isError || !data) {
    body = <LoadError onRetry={() => void list.refetch()}>{errorMessage(list.error, t('Could not load your notifications.'))}</LoadError>;
  } else if (data.total === 0) {
    body = (
      <EmptyState art="inbox">
        <p>{t('No notifications yet. Deposits, withdrawals, transfers and announcements will show here.')}</p>
      </EmptyState>
    );
  } else if (data.notifications.length === 0) {
    body = <PageGone onFirstPage={() => setPage(1)} />;
  } else {
    body = (
      <>
        <ul className="grid gap-2" aria-busy={list.isFetching} aria-label={t('Notifications, newest first')}>
          {data.notifications.map((n) => (
            <NotificationRow key={n._id} notification={n} busy={markRead.isPending} onMarkRead={(id) => markRead.mutate({ ids: [id] })} />
          ))}
        </ul>
        <Pagination label={t('Notifications')} page={page} pageCount={pageCount} onPage={setPage} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('Notifications')} intro={t('What happened on your account: money in and out, security events and announcements.')} />
      <div className="grid gap-6">
        <Card>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="unread-summary">
              {data ? (data.unread === 0 ? t('All read') : t('{unread} unread', { unread: data.unread })) : ' '}
            </p>
            <Button
              variant="secondary"
              disabled={!data || data.unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              {t('Mark all as read')}
            </Button>
          </div>
          {body}
        </Card>
        <EmailPreferences />
      </div>
    </>
  );
}
