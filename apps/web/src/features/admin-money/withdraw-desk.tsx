// The withdrawal desk (docs/product.md#withdrawals): the work first. Pending requests, oldest first, each with
// where it stands against the rules (held until…, awaiting a second admin, approved by…), and what can be done:
// approve, mark paid, or mark paid with the payout transaction (checked on the chain). The payable queue is
// exported as CSV (address, net amount, id) for a wallet's batch send.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPoints, type DeskWithdrawal } from '@app/contract';
import { Button, buttonClass } from '../../components/ui/button';
import { DateTime } from '../../components/ui/date-time';
import { LongValue } from '../../components/ui/long-value';
import { DataCell, DataRow, DataTable } from '../../components/ui/table';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useIdempotencyKeys } from '../../lib/idempotency-key';
import { toast } from '../../lib/toast';
import { APPROVED_WITHDRAWALS_CSV_URL, approveWithdrawal, fetchWithdrawalDesk, payWithdrawalOnChain, setWithdrawalStatus } from './api';
import { ListLoading } from '../../components/ui/list-state';

type Action = { kind: 'approve' } | { kind: 'paid' } | { kind: 'chain'; transactionId: string };

function RuleState({ w }: { w: DeskWithdrawal }) {
  return (
    <div className="grid gap-0.5 text-xs" data-testid="desk-rule-state">
      {w.heldUntil && (
        <span className="font-semibold text-amber-800 dark:text-amber-300">
          {t('Held until')} <DateTime iso={w.heldUntil} />
        </span>
      )}
      {w.awaitingSecondAdmin && <span className="font-semibold text-amber-800 dark:text-amber-300">{t('Awaiting a second admin')}</span>}
      {w.approvedBy.length > 0 && <span>{t('Approved by {admins}', { admins: w.approvedBy.join(', ') })}</span>}
      {!w.heldUntil && !w.awaitingSecondAdmin && <span className="text-emerald-800 dark:text-emerald-300">{t('Ready to pay')}</span>}
    </div>
  );
}

function PayWithTransaction({ disabled, onPay }: { disabled: boolean; onPay: (transactionId: string) => void }) {
  const [tx, setTx] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (tx.trim()) onPay(tx.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <input
        aria-label={t('Payout transaction ID')}
        placeholder={t('Payout transaction ID')}
        value={tx}
        onChange={(e) => setTx(e.target.value)}
        spellCheck={false}
        autoComplete="off"
        className="min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-2 py-1 font-mono text-xs dark:border-slate-500 dark:bg-slate-900"
      />
      <Button type="submit" variant="secondary" disabled={disabled || !tx.trim()}>
        {t('Paid with this transaction')}
      </Button>
    </form>
  );
}

export function WithdrawDesk() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const desk = useQuery({ queryKey: ['admin-withdraw-desk'], queryFn: fetchWithdrawalDesk, refetchOnMount: 'always' });
  const act = useMutation({
    mutationFn: ({ w, action }: { w: DeskWithdrawal; action: Action }) =>
      keys.run(`desk ${w._id} ${action.kind}`, (key) =>
        action.kind === 'approve'
          ? approveWithdrawal(w._id, key)
          : action.kind === 'paid'
            ? setWithdrawalStatus(w._id, true, key)
            : payWithdrawalOnChain(w._id, action.transactionId, key),
      ),
    onSuccess: (data) => toast.success(data.message),
    onError: (err) => toast.error(errorMessage(err, t('Something went wrong'))),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['admin-withdraw-desk'] }), queryClient.invalidateQueries({ queryKey: ['admin-withdrawals'] })]),
  });
  const busyId = act.isPending ? act.variables?.w._id : undefined;
  const rows = desk.data ?? [];

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {desk.data ? t('{count, plural, one {{count} pending request} other {{count} pending requests}}', { count: rows.length }) : '\u00a0'}
        </p>
        <a href={APPROVED_WITHDRAWALS_CSV_URL} download className={buttonClass('secondary')} data-testid="desk-csv">
          {t('Export the approved queue (CSV)')}
        </a>
      </div>
      {desk.isPending ? (
        <ListLoading label={t('Loading withdrawals…')} />
      ) : rows.length === 0 ? (
        <p className="py-4 text-slate-600 dark:text-slate-300">{t('No pending withdrawals.')}</p>
      ) : (
        <DataTable
          caption={t('Pending withdrawals, oldest first')}
          from="3xl"
          columns={[t('E-mail'), { label: t('Net (USDT)'), numeric: true }, t('Payout address'), t('Rules'), t('Date'), t('Actions')]}
          busy={desk.isFetching}
        >
          {rows.map((w) => {
            const busy = busyId === w._id;
            return (
              <DataRow key={w._id} data-testid="desk-row">
                <DataCell className="[overflow-wrap:anywhere]">
                  <bdi dir="ltr">{w.email}</bdi>
                </DataCell>
                <DataCell className="font-semibold whitespace-nowrap tabular-nums">{formatPoints(w.net)}</DataCell>
                <DataCell>
                  <LongValue value={w.paymentId} what={t('Payout address')} />
                </DataCell>
                <DataCell>
                  <RuleState w={w} />
                </DataCell>
                <DataCell>
                  <DateTime iso={w.createdAt} />
                </DataCell>
                <DataCell actions>
                  <div className="grid gap-2">
                    <div className="flex flex-wrap gap-2">
                      <Button variant="secondary" disabled={busy} onClick={() => act.mutate({ w, action: { kind: 'approve' } })}>
                        {t('Approve')}
                      </Button>
                      <Button disabled={busy || w.heldUntil !== null} onClick={() => act.mutate({ w, action: { kind: 'paid' } })}>
                        {t('Mark paid')}
                      </Button>
                    </div>
                    <PayWithTransaction disabled={busy || w.heldUntil !== null} onPay={(transactionId) => act.mutate({ w, action: { kind: 'chain', transactionId } })} />
                  </div>
                </DataCell>
              </DataRow>
            );
          })}
        </DataTable>
      )}
    </div>
  );
}
