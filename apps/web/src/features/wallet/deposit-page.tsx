import { Link, useSearchParams } from 'react-router';
import { VIP_PACKAGES, formatPoints } from '@app/contract';
import { PageHeader } from '../../components/ui/page';
import { Card } from '../../components/ui/card';
import { DepositInstructions, useDepositSetup } from './deposit-instructions';
import { DepositForm } from './deposit-form';
import { PaymentRequestCard } from './payment-request';
import { OwnAddressCard } from './own-address';
import { useAppConfig } from '../../lib/config';
import { DepositTable } from './record-tables';
import { CopyButton } from '../../components/ui/copy-button';
import { t, Trans } from '../../lib/i18n';

const link = 'font-semibold text-emerald-800 underline dark:text-emerald-300';

/** The package chosen elsewhere (`?vip=3` from All Packages, kept through a login), if the link names one. */
function useChosenPackage(): { number: string; amount: number } | undefined {
  const [params] = useSearchParams();
  const chosen = VIP_PACKAGES.find((pkg) => pkg.name === `VIP${params.get('vip') ?? ''}`);
  return chosen ? { number: chosen.name.slice(3), amount: chosen.amount } : undefined;
}

/** A package link lands on what to do: the package, and the exact amount to send, before the address. */
function PackageLead({ chosen }: { chosen: { number: string; amount: number } }) {
  const exact = formatPoints(chosen.amount);
  return (
    <Card className="lg:col-span-2" data-testid="package-lead">
      <h2 className="text-xl font-bold">{t('VIP {number} · send {amount} USDT', { number: chosen.number, amount: chosen.amount })}</h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('Send exactly this amount in USDT on the Tron (TRC20) network:')}</p>
      <p className="mt-2 flex flex-wrap items-center gap-3">
        <strong data-testid="package-amount" dir="ltr" className="text-3xl font-bold tabular-nums">
          {exact} USDT
        </strong>
        <CopyButton text={exact} label={t('Copy amount')} what={t('Amount')} />
      </p>
    </Card>
  );
}

function DepositLayout({ mode, chosen }: { mode: 'free' | 'package'; chosen?: { number: string; amount: number } }) {
  const initialAmount = chosen ? String(chosen.amount) : '';
  const setup = useDepositSetup();
  const config = useAppConfig();
  // Deposits confirmed on the chain: an exact amount to pay first; pasting the transaction ID stays as a fallback.
  const chain = config.chainDeposits && setup.state === 'ready';
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {config.ownDepositAddresses ? (
        // Every user their own address: any amount, no request, nothing to paste.
        <OwnAddressCard packageAmount={mode === 'package' ? initialAmount : undefined} packages={mode === 'package'} />
      ) : (
        <>
          {/* Paid on the chain, the exact amount comes with the payment request the card makes. */}
          {!chain && chosen && <PackageLead chosen={chosen} />}
          {chain ? <PaymentRequestCard mode={mode} initialAmount={initialAmount} /> : <DepositInstructions setup={setup} fold={mode === 'package'} />}
          <DepositForm mode={mode} initialAmount={initialAmount} disabled={setup.state !== 'ready'} />
        </>
      )}
      <Card className="lg:col-span-2">
        <h2 className="text-lg font-semibold">{t('Your deposits')}</h2>
        <div className="mt-2">
          <DepositTable />
        </div>
        <p className="mt-3 text-sm">
          <Trans
            id="See everything on your <0>history</0> and <1>statement</1>."
            components={{ 0: <Link to="/user/history" className={link} />, 1: <Link to="/user/statement" className={link} /> }}
          />
        </p>
      </Card>
    </div>
  );
}

export function DepositPage() {
  const own = useAppConfig().ownDepositAddresses;
  return (
    <section>
      <PageHeader
        title={t('Deposit')}
        intro={
          own
            ? t('Send USDT on the Tron (TRC20) network to your own deposit address below. Your balance is credited once the network confirms the transfer.')
            : t(
                'Send USDT on the Tron (TRC20) network, then tell us the amount and the transaction ID. Your balance is credited once an admin approves the deposit.',
              )
        }
      />
      <DepositLayout mode="free" />
    </section>
  );
}

export function PackagePage() {
  const chosen = useChosenPackage();
  return (
    <section>
      <PageHeader
        title={t('Package')}
        intro={
          <Trans
            id="Pick a VIP package, send exactly its amount in USDT on the Tron (TRC20) network, then enter the transaction ID. Compare packages on <0>All Packages</0>."
            components={{ 0: <Link to="/allpackage" className={link} /> }}
          />
        }
      />
      <DepositLayout mode="package" chosen={chosen} key={chosen?.number} />
    </section>
  );
}
