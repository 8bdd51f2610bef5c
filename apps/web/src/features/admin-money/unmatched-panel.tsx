// Deposits confirmed on the chain (decision 013), admin side: the poller's health and the transfers that credited
// nobody (no matching request, wrong token, fractions of a cent, too early, closed account). An admin credits one
// to a user by e-mail or dismisses it; both are audited on the server. Cards, not a table: readable at 390 px.
import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPoints, type ChainHealth, type UnmatchedTransfer } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { DateTime } from '../../components/ui/date-time';
import { LoadError, ListLoading } from '../../components/ui/list-state';
import { Pagination } from '../../components/ui/pagination';
import { api, errorMessage, type ApiEnvelope } from '../../lib/api';
import { idempotencyHeader, useIdempotencyKeys } from '../../lib/idempotency-key';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';

const LIMIT = 20;
const unmatchedKey = ['admin-unmatched'] as const;

interface UnmatchedPage {
  transfers: UnmatchedTransfer[];
  total: number;
  health: ChainHealth;
}

async function fetchUnmatched(page: number): Promise<UnmatchedPage> {
  const { data } = await api.get<ApiEnvelope & UnmatchedPage>('/deposit/unmatched', { params: { page, limit: LIMIT } });
  return { transfers: data.transfers ?? [], total: data.total ?? 0, health: data.health };
}

const post = async (url: string, body: unknown, key: string) => (await api.post<ApiEnvelope>(url, body, { headers: idempotencyHeader(key) })).data;

function Health({ health }: { health: ChainHealth }) {
  const failing = health.lastErrorAt !== null && (health.lastSuccessAt === null || health.lastErrorAt > health.lastSuccessAt);
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2" data-testid="poller-health">
      <div>
        <dt className="font-medium">{t('Chain watch')}</dt>
        <dd className={failing ? 'text-red-700 dark:text-red-300' : 'text-slate-700 dark:text-slate-300'}>
          {!health.enabled ? t('Off (no Tron API URL set)') : failing ? t('Failing: deposits are credited once it recovers') : t('Working')}
        </dd>
      </div>
      <div>
        <dt className="font-medium">{t('Last successful poll')}</dt>
        <dd className="text-slate-700 dark:text-slate-300">{health.lastSuccessAt ? <DateTime iso={health.lastSuccessAt} /> : t('never')}</dd>
      </div>
      <div className="min-w-0 sm:col-span-2">
        <dt className="font-medium">{t('Last error')}</dt>
        <dd className="break-words text-slate-700 dark:text-slate-300">
          {health.lastError ? (
            <>
              {health.lastError}
              {health.lastErrorAt && (
                <>
                  {' '}
                  (<DateTime iso={health.lastErrorAt} />)
                </>
              )}
            </>
          ) : (
            t('none')
          )}
        </dd>
      </div>
    </dl>
  );
}

function TransferCard({ transfer, onDone }: { transfer: UnmatchedTransfer; onDone: () => void }) {
  const id = useId();
  const [email, setEmail] = useState(transfer.claimedBy[0] ?? '');
  const keys = useIdempotencyKeys();
  const { confirm, dialog } = useConfirm();
  const assign = useMutation({
    mutationFn: (to: string) => keys.run(`assign ${transfer._id} ${to}`, (key) => post(`/deposit/unmatched/${transfer._id}/assign`, { email: to }, key)),
    onSuccess: (d) => {
      toast.success(d.message);
      onDone();
    },
    onError: (err) => toast.error(errorMessage(err, t('Could not credit the transfer.'))),
  });
  const dismiss = useMutation({
    mutationFn: () => keys.run(`dismiss ${transfer._id}`, (key) => post(`/deposit/unmatched/${transfer._id}/dismiss`, {}, key)),
    onSuccess: (d) => {
      toast.success(d.message);
      onDone();
    },
    onError: (err) => toast.error(errorMessage(err, t('Could not dismiss the transfer.'))),
  });
  const busy = assign.isPending || dismiss.isPending;
  const amount =
    transfer.amount === null ? t('{value} units (not whole cents)', { value: transfer.value }) : `${formatPoints(transfer.amount)} USDT`;
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const to = email.trim();
    if (!to) return void toast.error(t('Enter the e-mail of the user to credit'));
    const ok = await confirm({
      title: t('Credit this transfer?'),
      message: t('{amount} is credited to {email}. This is recorded in the audit log.', { amount, email: to }),
      confirmLabel: t('Credit'),
    });
    if (ok) assign.mutate(to);
  };
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="unmatched-row">
      <p className="text-lg font-semibold tabular-nums">{amount}</p>
      <p className="text-sm text-slate-700 dark:text-slate-300">{transfer.reason}</p>
      <dl className="mt-2 grid gap-1 text-xs text-slate-700 dark:text-slate-300">
        <div className="min-w-0">
          <dt className="inline font-medium">{t('Transaction:')} </dt>
          <dd className="inline font-mono break-all" dir="ltr">
            {transfer.transactionId}
            {transfer.position > 0 ? ` #${transfer.position + 1}` : ''}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="inline font-medium">{t('From:')} </dt>
          <dd className="inline font-mono break-all">{transfer.from ? <bdi dir="ltr">{transfer.from}</bdi> : t('unknown')}</dd>
        </div>
        <div>
          <dt className="inline font-medium">{t('Sent:')} </dt>
          <dd className="inline">
            <DateTime iso={transfer.blockTime} />
          </dd>
        </div>
        {transfer.claimedBy.length > 0 && (
          <div className="min-w-0">
            <dt className="inline font-medium">{t('Transaction ID pasted by:')} </dt>
            <dd className="inline break-all" dir="ltr">
              {transfer.claimedBy.join(', ')}
            </dd>
          </div>
        )}
      </dl>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 flex flex-wrap items-end gap-3" aria-busy={busy}>
        <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            {t('Credit to (e-mail)')}
          </label>
          <input
            id={id}
            type="email"
            dir="ltr"
            autoComplete="off"
            value={email}
            disabled={busy}
            onChange={(e) => setEmail(e.target.value)}
            className="w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
        <Button type="submit" disabled={busy}>
          {t('Credit')}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={async () => {
            const ok = await confirm({
              title: t('Dismiss this transfer?'),
              message: t('{amount} leaves this list without crediting anyone.', { amount }),
              confirmLabel: t('Dismiss'),
              tone: 'danger',
            });
            if (ok) dismiss.mutate();
          }}
        >
          {t('Dismiss')}
        </Button>
      </form>
      {dialog}
    </li>
  );
}

export function UnmatchedPanel() {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: [...unmatchedKey, page], queryFn: () => fetchUnmatched(page), placeholderData: keepPreviousData, refetchInterval: 15_000 });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: unmatchedKey });
  return (
    <Card>
      <h2 id={headingId} className="text-lg font-semibold">
        {t('Deposits on the chain')}
      </h2>
      {query.isError && !query.data ? (
        <LoadError onRetry={() => void query.refetch()}>{t('Could not load the unmatched deposits.')}</LoadError>
      ) : !query.data ? (
        <ListLoading label={t('Loading…')} />
      ) : (
        <>
          <div className="mt-3">
            <Health health={query.data.health} />
          </div>
          <h3 className="mt-5 font-semibold">{t('Unmatched deposits ({count})', { count: query.data.total })}</h3>
          {query.data.transfers.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('Every transfer seen on the chain has been credited or dismissed.')}</p>
          ) : (
            <ul className="mt-3 grid gap-3">
              {query.data.transfers.map((transfer) => (
                <TransferCard key={transfer._id} transfer={transfer} onDone={refresh} />
              ))}
            </ul>
          )}
          <Pagination page={page} pageCount={Math.ceil(query.data.total / LIMIT)} onPage={setPage} label={t('Unmatched deposits')} />
        </>
      )}
    </Card>
  );
}
