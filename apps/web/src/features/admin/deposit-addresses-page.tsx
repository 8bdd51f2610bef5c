// Per-user deposit addresses, the operator's side: every user's address with its index, what it has
// received and its last deposit; the total held on the addresses since the last sweep mark; the CSV (index,
// address, total, key id) the operator's wallet sweeps with — the server never signs anything — and the mark
// recorded once swept (audited). Cards, not a table: readable at 360 px.
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPoints, type AdminDepositAddress } from '@app/contract';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { DateTime } from '../../components/ui/date-time';
import { LoadError, ListLoading } from '../../components/ui/list-state';
import { PageHeader } from '../../components/ui/page';
import { Pagination } from '../../components/ui/pagination';
import { api, errorMessage, type ApiEnvelope } from '../../lib/api';
import { idempotencyHeader, useIdempotencyKeys } from '../../lib/idempotency-key';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';

const LIMIT = 20;
const addressesKey = (page: number) => ['admin-deposit-addresses', page] as const;

interface AddressesPage {
  addresses: AdminDepositAddress[];
  total: number;
  heldSinceSweep: number;
  sweepMarkAt: string | null;
}

async function fetchAddresses(page: number): Promise<AddressesPage> {
  const { data } = await api.get<ApiEnvelope & AddressesPage>('/deposit/addresses', { params: { page, limit: LIMIT } });
  return { addresses: data.addresses ?? [], total: data.total ?? 0, heldSinceSweep: data.heldSinceSweep ?? 0, sweepMarkAt: data.sweepMarkAt ?? null };
}

export function DepositAddressesPage() {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const { confirm, dialog } = useConfirm();
  const list = useQuery({ queryKey: addressesKey(page), queryFn: () => fetchAddresses(page), placeholderData: keepPreviousData, refetchOnMount: 'always' });
  const sweep = useMutation({
    mutationFn: (at: string) =>
      keys.run(`sweep ${at}`, async (key) => (await api.post<ApiEnvelope>('/deposit/addresses/sweep', { at }, { headers: idempotencyHeader(key) })).data),
    onSuccess: (d) => {
      toast.success(d.message);
      void queryClient.invalidateQueries({ queryKey: ['admin-deposit-addresses'] });
    },
    onError: (e) => toast.error(errorMessage(e, t('Could not record the sweep. Try again.'))),
  });
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / LIMIT)) : 1;
  const markSwept = async () => {
    if (await confirm({ title: t('Record a sweep?'), message: t('Do this once your wallet has swept the addresses: the totals since the last sweep start again from now.'), confirmLabel: t('Record the sweep') })) {
      sweep.mutate(new Date().toISOString());
    }
  };
  return (
    <section>
      <PageHeader
        title={t('Deposit addresses')}
        intro={t('Every user’s own deposit address, derived from the account key (xpub). The platform holds no private key: sweep the addresses with your wallet, using the CSV below.')}
      />
      {dialog}
      <Card>
        {list.isPending ? (
          <ListLoading label={t('Loading deposit addresses…')} />
        ) : list.isError || !data ? (
          <LoadError onRetry={() => void list.refetch()}>{errorMessage(list.error, t('Could not load the deposit addresses.'))}</LoadError>
        ) : (
          <>
            <dl className="grid gap-1 text-sm sm:grid-cols-2" data-testid="deposit-addresses-summary">
              <div>
                <dt className="font-medium">{t('Held on deposit addresses since the last sweep')}</dt>
                <dd className="text-xl font-bold tabular-nums">{formatPoints(data.heldSinceSweep)} USDT</dd>
              </div>
              <div>
                <dt className="font-medium">{t('Last sweep')}</dt>
                <dd>{data.sweepMarkAt ? <DateTime iso={data.sweepMarkAt} /> : t('never')}</dd>
              </div>
            </dl>
            <div className="mt-3 flex flex-wrap gap-2">
              <a href="/api/v1/deposit/addresses.csv" download="deposit-addresses.csv" className={buttonClass('secondary')}>
                {t('Download CSV to sweep')}
              </a>
              <Button variant="secondary" disabled={sweep.isPending} onClick={() => void markSwept()}>
                {t('Record a sweep')}
              </Button>
            </div>
            {data.total === 0 ? (
              <p className="py-4 text-slate-600 dark:text-slate-300">{t('No user has a deposit address yet.')}</p>
            ) : (
              <>
                <ul className="mt-4 grid gap-2" aria-busy={list.isFetching}>
                  {data.addresses.map((a) => (
                    <li key={a.userId} data-testid="deposit-address-row" className="grid min-w-0 gap-1 rounded-lg border border-slate-200 px-4 py-3 text-sm dark:border-slate-700">
                      <p className="break-all">
                        <bdi dir="ltr">{a.email}</bdi>
                      </p>
                      <p className="font-mono text-xs break-all" dir="ltr">
                        #{a.index} {a.address}
                      </p>
                      <p className="tabular-nums">
                        {t('Received: {total} USDT (since the last sweep: {since} USDT)', { total: formatPoints(a.totalReceived), since: formatPoints(a.sinceSweep) })}
                      </p>
                      <p className="text-xs text-slate-600 dark:text-slate-300">
                        {t('Last deposit:')} {a.lastDepositAt ? <DateTime iso={a.lastDepositAt} /> : t('none')}
                      </p>
                    </li>
                  ))}
                </ul>
                <Pagination label={t('Deposit addresses')} page={page} pageCount={pageCount} onPage={setPage} />
              </>
            )}
          </>
        )}
      </Card>
    </section>
  );
}
