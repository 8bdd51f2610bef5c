// Every user their own deposit address: the address with its QR code and a copy button, the minimum,
// "any amount from the minimum up", and the last transfers seen to it with their status. A credit appears without
// a reload: the notification stream invalidates this query (notification-bell.tsx), and it is re-read every 15 s.
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { VIP_PACKAGES, formatPoints, type OwnChainDeposit } from '@app/contract';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { CopyButton } from '../../components/ui/copy-button';
import { errorMessage } from '../../lib/api';
import { msg, t } from '../../lib/i18n';
import { fetchOwnAddress, ownAddressKey } from './chain-api';

const DepositQr = lazy(async () => ({ default: (await import('./deposit-qr')).DepositQr }));

const STATUS_TEXT: Record<OwnChainDeposit['status'], string> = {
  confirming: msg('Waiting for the network to confirm it'),
  credited: msg('Credited to your balance'),
  below_minimum: msg('Received, below the minimum: contact support'),
  refused: msg('Not credited: contact support'),
};

const STATUS_CLASS: Record<OwnChainDeposit['status'], string> = {
  confirming: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  credited: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  below_minimum: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  refused: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
};

/** `packageAmount`: the package page's chosen package, whose price is what to send. */
export function OwnAddressCard({ packageAmount, packages }: { packageAmount?: string; packages?: boolean }) {
  const query = useQuery({ queryKey: ownAddressKey, queryFn: fetchOwnAddress, refetchInterval: 15_000 });
  if (query.isPending)
    return (
      <Card>
        <Skeleton label={t('Loading your deposit address…')} rows={2} />
      </Card>
    );
  if (query.isError) return <Card role="alert">{errorMessage(query.error, t('Could not load your deposit address.'))}</Card>;
  const d = query.data;
  return (
    <Card data-testid="own-address">
      <h2 className="text-lg font-semibold">{t('Your deposit address')}</h2>
      <p className="mt-1 text-sm">{t('This address is yours alone: send USDT on the Tron (TRC20) network to it, from any wallet or exchange, as often as you like.')}</p>
      <dl className="mt-4 grid gap-1 text-sm">
        <dt className="font-medium">{t('Address (Tron TRC20, USDT only)')}</dt>
        <dd className="flex flex-wrap items-center gap-3">
          <code data-testid="own-address-text" dir="ltr" className="min-w-0 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100">
            {d.address}
          </code>
          <CopyButton text={d.address} label={t('Copy address')} what={t('Address')} />
        </dd>
        {packageAmount ? (
          <>
            <dt className="mt-2 font-medium">{t('To buy this package, send')}</dt>
            <dd data-testid="own-address-package">
              <strong className="text-xl font-bold tabular-nums">{formatPoints(Number(packageAmount))} USDT</strong>
            </dd>
          </>
        ) : packages ? (
          <>
            <dt className="mt-2 font-medium">{t('To buy a package, send its price')}</dt>
            <dd>
              <ul className="flex flex-wrap gap-2" data-testid="own-address-packages">
                {VIP_PACKAGES.map((pkg) => (
                  <li key={pkg.name} className="rounded-lg border border-slate-200 px-2 py-1 tabular-nums dark:border-slate-700">
                    {pkg.name}: {formatPoints(pkg.amount)} USDT
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        <dt className="mt-2 font-medium">{t('Minimum deposit')}</dt>
        <dd data-testid="own-address-minimum" className="tabular-nums">
          {formatPoints(d.minDeposit)} USDT
        </dd>
      </dl>
      <p className="mt-3 text-sm">{t('Any amount from the minimum up is credited to your balance after the network confirms it.')}</p>
      <div className="mt-4">
        <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-300">{t('Drawing QR code…')}</p>}>
          <DepositQr address={d.address} />
        </Suspense>
      </div>
      <h3 className="mt-5 font-semibold">{t('Your last deposits to this address')}</h3>
      {d.deposits.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('Nothing has arrived yet.')}</p>
      ) : (
        <ul className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-2" data-testid="own-address-deposits" aria-live="polite">
          {d.deposits.map((x) => (
            <li key={x.transactionId} className="flex min-w-0 flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-700">
              <span className="font-semibold tabular-nums">{formatPoints(x.amount)} USDT</span>
              <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[x.status]}`}>{t(STATUS_TEXT[x.status])}</span>
              <span dir="ltr" className="block w-full min-w-0 truncate font-mono text-xs text-slate-600 dark:text-slate-300">
                {x.transactionId}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
