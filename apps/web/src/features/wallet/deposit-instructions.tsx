// How to pay: USDT on Tron (TRC20) to the configured address (public /config), drawn as a QR code here.
import { lazy, Suspense } from 'react';
import { Card } from '../../components/ui/card';
import { useAppConfig, useAppConfigStatus } from '../../lib/config';
import { CopyButton } from '../../components/ui/copy-button';
import { t, Trans } from '../../lib/i18n';
import { ListLoading } from '../../components/ui/list-state';

const DepositQr = lazy(async () => ({ default: (await import('./deposit-qr')).DepositQr }));

export type DepositSetup =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'unavailable' }
  | { state: 'ready'; address: string };

/** The deposit address, or why there is none (still loading, or not configured on the server). */
export function useDepositSetup(): DepositSetup {
  const config = useAppConfig();
  const status = useAppConfigStatus();
  if (config.depositAddress) return { state: 'ready', address: config.depositAddress };
  if (status === 'pending') return { state: 'loading' };
  if (status === 'error') return { state: 'error' };
  return { state: 'unavailable' };
}

/** `fold`: the package page, which leads with the amount; the address and QR code come first, the steps fold below. */
export function DepositInstructions({ setup, fold }: { setup: DepositSetup; fold?: boolean }) {
  const { supportEmail } = useAppConfig();
  const steps = (
    <ol className="mt-3 list-decimal space-y-1 ps-5 text-sm text-slate-700 dark:text-slate-300">
      <li>
        <Trans
          id="Send <0>USDT only</0> on the <1>Tron (TRC20)</1> network to the address below. Other coins or networks are lost."
          components={{ 0: <strong />, 1: <strong /> }}
        />
      </li>
      <li>{t('Copy the transaction ID (TxID) from your wallet once the transfer is sent.')}</li>
      <li>{t('Fill in the form with the amount and the transaction ID. We credit it once an admin approves it.')}</li>
    </ol>
  );
  return (
    <Card>
      <h2 className="text-lg font-semibold">{fold ? t('Where to send it') : t('How to deposit')}</h2>
      {setup.state === 'loading' && (
        <ListLoading label={t('Loading deposit instructions…')} />
      )}
      {setup.state === 'error' && (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-300">
          {t('Could not load the deposit instructions. Please reload the page before sending anything.')}
        </p>
      )}
      {setup.state === 'unavailable' && (
        <div
          role="alert"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">{t('Deposits are not configured yet.')}</p>
          <p className="mt-1">
            <Trans
              id="No deposit address has been set up, so please do not send any funds. Contact <0>{supportEmail}</0> if you need help."
              values={{ supportEmail }}
              components={{ 0: <a href={`mailto:${supportEmail}`} dir="ltr" className="underline" /> }}
            />
          </p>
        </div>
      )}
      {setup.state === 'ready' && (
        <>
          {!fold && steps}
          <dl className="mt-4 grid gap-1 text-sm">
            <dt className="font-medium">{t('Network')}</dt>
            <dd className="text-slate-700 dark:text-slate-300">{t('Tron (TRC20) · USDT only')}</dd>
            <dt className="mt-2 font-medium">{t('Deposit address')}</dt>
            <dd className="flex flex-wrap items-center gap-3">
              <code
                data-testid="deposit-address"
                dir="ltr"
                className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100"
              >
                {setup.address}
              </code>
              <CopyButton text={setup.address} label={t('Copy address')} what={t('Address')} />
            </dd>
          </dl>
          <div className="mt-4">
            <Suspense
              fallback={
                <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
                  {t('Drawing QR code…')}
                </p>
              }
            >
              <DepositQr address={setup.address} />
            </Suspense>
          </div>
          {fold && (
            <details className="mt-4 text-sm" data-testid="deposit-steps">
              <summary className="cursor-pointer font-medium">{t('How to deposit')}</summary>
              {steps}
            </details>
          )}
        </>
      )}
    </Card>
  );
}
