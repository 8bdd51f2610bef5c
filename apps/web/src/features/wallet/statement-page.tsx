// Every ledger entry of the caller, newest first, with the balance after it; older pages by cursor.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { formatPoints, type StatementEntry } from '@app/contract';
import { ActivityFeed } from '../../components/activity-feed';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../components/ui/date-time';
import { PageHeader } from '../../components/ui/page';
import { SignedAmount } from '../../components/ui/signed-amount';
import { STATEMENT_CSV_URL, fetchStatementPage, walletKeys } from './api';
import { DataCell, DataRow, DataTable } from '../../components/ui/table';
import { t } from '../../lib/i18n';
import { ListLoading } from '../../components/ui/list-state';


function Row({ entry }: { entry: StatementEntry }) {
  return (
    <DataRow data-testid="statement-row">
      <DataCell>
        <DateTime iso={entry.createdAt} />
      </DataCell>
      <DataCell className="[overflow-wrap:anywhere]">{entry.description}</DataCell>
      <DataCell className="font-semibold whitespace-nowrap tabular-nums">
        <SignedAmount amount={entry.amount} />
      </DataCell>
      <DataCell className="whitespace-nowrap tabular-nums">{formatPoints(entry.balance)}</DataCell>
    </DataRow>
  );
}

export function StatementPage() {
  const query = useInfiniteQuery({
    queryKey: walletKeys.statement,
    queryFn: ({ pageParam }) => fetchStatementPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchOnMount: 'always',
  });
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const balance = query.data?.pages[0]?.balance;

  return (
    <section>
      <PageHeader title={t('Statement')} intro={t('Every change to your balance, newest first, with the balance after each one.')} />
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('Current balance:')}{' '}
            <strong className="text-lg font-bold text-slate-900 tabular-nums dark:text-slate-100">
              {balance === undefined ? '…' : `${formatPoints(balance)} USDT`}
            </strong>
          </p>
          <a href={STATEMENT_CSV_URL} download="statement.csv" className={buttonClass('secondary')}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {t('Download CSV')}
          </a>
        </div>

        <div className="mt-4">
          {query.isPending ? (
            <ListLoading label={t('Loading your statement…')} />
          ) : query.isError && entries.length === 0 ? (
            <p role="alert" className="py-4 text-red-700 dark:text-red-300">
              {t('Could not load your statement. Please try again later.')}
            </p>
          ) : entries.length === 0 ? (
            <p className="py-4 text-slate-600 dark:text-slate-300">{t('No entries yet. Deposits, transfers and withdrawals will show here.')}</p>
          ) : (
            <>
              {/* Phones read the activity feed (one line a movement, details on demand); wider screens the table. */}
              <div className="md:hidden">
                <ActivityFeed entries={entries} label={t('Statement entries, newest first')} />
              </div>
              <div className="hidden md:block">
                <DataTable
                  caption={t('Statement entries, newest first')}
                  columns={[t('Date'), t('Description'), { label: t('Amount'), numeric: true }, { label: t('Balance'), numeric: true }]}
                >
                  {entries.map((entry) => (
                    <Row key={entry._id} entry={entry} />
                  ))}
                </DataTable>
              </div>
            </>
          )}
        </div>

        {query.isFetchingNextPage && <ListLoading label={t('Loading…')} rows={2} />}
        {query.hasNextPage && (
          <div className="mt-4 text-center">
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('Load more')}
            </button>
          </div>
        )}
        {query.isFetchNextPageError && (
          <p role="alert" className="mt-2 text-center text-sm text-red-700 dark:text-red-300">
            {t('Could not load more entries. Please try again.')}
          </p>
        )}
      </Card>
    </section>
  );
}
