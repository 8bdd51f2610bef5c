// The users desk's closed accounts: deleted users with the balance each still holds, so an admin can settle it
// (Remove points on the deposit desk's points form, then pay it out) — closed accounts take no new money.
// A list of cards rather than a table, so it never scrolls sideways on a phone.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatPoints } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../components/ui/date-time';
import { Pagination } from '../../components/ui/pagination';
import { t, Trans } from '../../lib/i18n';
import { adminKeys, fetchClosedAccounts, CLOSED_PAGE_LIMIT } from './api';
import { ListLoading } from '../../components/ui/list-state';

export function ClosedAccounts() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: adminKeys.closed(page),
    queryFn: () => fetchClosedAccounts(page),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / CLOSED_PAGE_LIMIT)) : 1;
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('Closed accounts')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t('Deleted users keep their money. Nothing new can be credited to them; remove what is left with “Remove points” to settle and pay it out.')}
      </p>
      {list.isPending ? (
        <ListLoading label={t('Loading closed accounts…')} />
      ) : list.isError || !data ? (
        <div className="py-4">
          <p className="text-slate-600 dark:text-slate-300">{t('Could not load the closed accounts.')}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void list.refetch()}>
            {t('Try again')}
          </Button>
        </div>
      ) : data.total === 0 ? (
        <p className="py-4 text-slate-600 dark:text-slate-300">{t('No account has been closed.')}</p>
      ) : (
        <>
          <p className="mt-3 text-sm" data-testid="closed-accounts-summary">
            <Trans
              id="{count, plural, one {{count} closed account holds <0>{amount} USDT</0> in all.} other {{count} closed accounts hold <0>{amount} USDT</0> in all.}}"
              values={{ count: data.total, amount: formatPoints(data.totalBalance) }}
              components={{ 0: <span className="font-semibold tabular-nums" /> }}
            />
          </p>
          <ul className="mt-3 grid gap-2" aria-busy={list.isFetching}>
            {data.accounts.map((a) => (
              <li
                key={a._id}
                data-testid="closed-account-row"
                className="grid min-w-0 gap-x-4 gap-y-1 rounded-lg border border-slate-200 px-4 py-3 sm:grid-cols-[1fr_auto] dark:border-slate-700"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">{a.fullName}</p>
                  <p className="text-sm break-all text-slate-700 dark:text-slate-300">
                    <bdi dir="ltr">{a.email}</bdi>
                  </p>
                  <p className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-300">
                    <Trans id="Closed <0/>" components={{ 0: <DateTime iso={a.closedAt} /> }} />
                  </p>
                </div>
                <p className="self-center text-end font-semibold whitespace-nowrap tabular-nums sm:text-lg">
                  {formatPoints(a.point)} <span className="text-sm font-normal">USDT</span>
                </p>
              </li>
            ))}
          </ul>
          <Pagination label={t('Closed accounts')} page={page} pageCount={pageCount} onPage={setPage} />
        </>
      )}
    </Card>
  );
}
