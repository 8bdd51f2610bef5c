// How to pay: USDT on Tron (TRC20) to the configured address (public /config), drawn as a QR code here.
import { lazy, Suspense } from 'react';
import { Card } from '../../components/ui/card';
import { useAppConfig, useAppConfigStatus } from '../../lib/config';
import { CopyButton } from '../../components/ui/copy-button';

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

export function DepositInstructions({ setup }: { setup: DepositSetup }) {
  const { supportEmail } = useAppConfig();
  return (
    <Card>
      <h2 className="text-lg font-semibold">How to deposit</h2>
      {setup.state === 'loading' && (
        <p role="status" className="mt-3 text-slate-600 dark:text-slate-300">
          Loading deposit instructions…
        </p>
      )}
      {setup.state === 'error' && (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-300">
          Could not load the deposit instructions. Please reload the page before sending anything.
        </p>
      )}
      {setup.state === 'unavailable' && (
        <div
          role="alert"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">Deposits are not configured yet.</p>
          <p className="mt-1">
            No deposit address has been set up, so please do not send any funds. Contact{' '}
            <a href={`mailto:${supportEmail}`} className="underline">
              {supportEmail}
            </a>{' '}
            if you need help.
          </p>
        </div>
      )}
      {setup.state === 'ready' && (
        <>
          <ol className="mt-3 list-decimal space-y-1 ps-5 text-sm text-slate-700 dark:text-slate-300">
            <li>
              Send <strong>USDT only</strong> on the <strong>Tron (TRC20)</strong> network to the address below. Other
              coins or networks are lost.
            </li>
            <li>Copy the transaction ID (TxID) from your wallet once the transfer is sent.</li>
            <li>Fill in the form with the amount and the transaction ID. We credit it once an admin approves it.</li>
          </ol>
          <dl className="mt-4 grid gap-1 text-sm">
            <dt className="font-medium">Network</dt>
            <dd className="text-slate-700 dark:text-slate-300">Tron (TRC20) · USDT only</dd>
            <dt className="mt-2 font-medium">Deposit address</dt>
            <dd className="flex flex-wrap items-center gap-3">
              <code
                data-testid="deposit-address"
                className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100"
              >
                {setup.address}
              </code>
              <CopyButton text={setup.address} label="Copy address" what="Address" />
            </dd>
          </dl>
          <div className="mt-4">
            <Suspense
              fallback={
                <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
                  Drawing QR code…
                </p>
              }
            >
              <DepositQr address={setup.address} />
            </Suspense>
          </div>
        </>
      )}
    </Card>
  );
}
