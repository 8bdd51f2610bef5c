// The caller's deposits and withdrawals (docs/product.md#behaviour: shown as Approved or Pending), paged on the client.
import { useState, type ReactNode } from 'react';
import { explorerTxUrl, formatPoints, type DepositRecord, type WithdrawalRecord } from '@app/contract';
import { DateTime } from '../../components/ui/date-time';
import { Pagination } from '../../components/ui/pagination';
import { StatusBadge } from '../../components/ui/status-badge';
import { useMyDeposits, useMyWithdrawals } from '../../lib/account-api';
import { DataCell, DataRow, DataTable } from '../../components/ui/table';
import { LongValue } from '../../components/ui/long-value';
import { t } from '../../lib/i18n';
import { ListLoading } from '../../components/ui/list-state';
import { EmptyState } from '../../components/ui/empty-state';

export const HISTORY_PAGE_SIZE = 20;


interface Row {
  _id: string;
  done: boolean;
  amount: number;
  reference: string;
  createdAt: string;
  /** Shown under the reference: a withdrawal's fee and net, its hold, its payout transaction. */
  more?: ReactNode;
}

function RecordTable({
  caption,
  referenceLabel,
  rows,
  isPending,
  isError,
  empty,
}: {
  caption: string;
  referenceLabel: string;
  rows: Row[] | undefined;
  isPending: boolean;
  isError: boolean;
  empty: string;
}) {
  const [page, setPage] = useState(1);
  if (isPending) {
    return (
      <ListLoading label={t('Loading…')} />
    );
  }
  if (isError || !rows) {
    return (
      <p role="alert" className="py-4 text-red-700 dark:text-red-300">
        {t('Could not load this list. Please try again later.')}
      </p>
    );
  }
  if (rows.length === 0)
    return (
      <EmptyState art="coins">
        <p>{empty}</p>
      </EmptyState>
    );

  const pageCount = Math.ceil(rows.length / HISTORY_PAGE_SIZE);
  const current = Math.min(page, pageCount);
  const shown = rows.slice((current - 1) * HISTORY_PAGE_SIZE, current * HISTORY_PAGE_SIZE);
  return (
    <>
      <DataTable caption={caption} columns={[t('Status'), { label: t('Amount (USDT)'), numeric: true }, referenceLabel, t('Date')]}>
        {shown.map((row) => (
          <DataRow key={row._id} data-testid="history-row">
            <DataCell>
              <StatusBadge done={row.done} />
            </DataCell>
            <DataCell className="font-semibold tabular-nums">{formatPoints(row.amount)}</DataCell>
            <DataCell>
              <LongValue value={row.reference} what={referenceLabel} />
              {row.more}
            </DataCell>
            <DataCell>
              <DateTime iso={row.createdAt} />
            </DataCell>
          </DataRow>
        ))}
      </DataTable>
      <Pagination label={caption} page={current} pageCount={pageCount} onPage={setPage} />
    </>
  );
}

const depositRow = (d: DepositRecord): Row => ({
  _id: d._id,
  done: d.deposited,
  amount: d.amount,
  reference: d.transactionId,
  createdAt: d.createdAt,
});

const withdrawalRow = (w: WithdrawalRecord): Row => ({
  _id: w._id,
  done: w.withdrawed,
  amount: w.amount,
  reference: w.paymentId,
  createdAt: w.createdAt,
  more: <WithdrawalDetails w={w} />,
});

/** Fee and net when there is a fee; "held until" while a new address waits; the payout transaction on the explorer. */
function WithdrawalDetails({ w }: { w: WithdrawalRecord }) {
  const held = !w.withdrawed && w.payableAfter !== null && new Date(w.payableAfter).getTime() > Date.now();
  return (
    <div className="mt-1 grid gap-0.5 text-xs text-slate-700 dark:text-slate-200">
      {w.fee > 0 && <span>{t('Fee: {fee} USDT. You receive: {net} USDT.', { fee: formatPoints(w.fee), net: formatPoints(w.net) })}</span>}
      {held && (
        <span data-testid="withdrawal-held">
          {t('New address: can be paid from')} <DateTime iso={w.payableAfter!} />
        </span>
      )}
      {w.payoutTxId && (
        <a
          href={explorerTxUrl(w.payoutTxId)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="withdrawal-tx"
          className="break-all font-semibold text-emerald-800 underline dark:text-emerald-300"
        >
          {t('Payout transaction {tx}', { tx: `${w.payoutTxId.slice(0, 8)}…${w.payoutTxId.slice(-6)}` })}
        </a>
      )}
    </div>
  );
}

export function DepositTable() {
  const q = useMyDeposits();
  return (
    <RecordTable
      caption={t('Your deposits')}
      referenceLabel={t('Transaction ID')}
      rows={q.data?.map(depositRow)}
      isPending={q.isPending}
      isError={q.isError}
      empty={t('You have not submitted any deposits yet.')}
    />
  );
}

export function WithdrawalTable() {
  const q = useMyWithdrawals();
  return (
    <RecordTable
      caption={t('Your withdrawals')}
      referenceLabel={t('Payout address')}
      rows={q.data?.map(withdrawalRow)}
      isPending={q.isPending}
      isError={q.isError}
      empty={t('You have not requested any withdrawals yet.')}
    />
  );
}
