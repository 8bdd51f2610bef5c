import { Link, useSearchParams } from 'react-router';
import { VIP_PACKAGES } from '@app/contract';
import { PageHeader } from '../../components/ui/page';
import { Card } from '../../components/ui/card';
import { DepositInstructions, useDepositSetup } from './deposit-instructions';
import { DepositForm } from './deposit-form';
import { PaymentRequestCard } from './payment-request';
import { OwnAddressCard } from './own-address';
import { useAppConfig } from '../../lib/config';
import { DepositTable } from './record-tables';
import { t, Trans } from '../../lib/i18n';

const link = 'font-semibold text-emerald-800 underline dark:text-emerald-300';

/** The package chosen elsewhere (`?vip=3` from All Packages, kept through a login), as the picker's amount. */
function useChosenPackageAmount(): string {
  const [params] = useSearchParams();
  const chosen = VIP_PACKAGES.find((pkg) => pkg.name === `VIP${params.get('vip') ?? ''}`);
  return chosen ? String(chosen.amount) : '';
}

function DepositLayout({ mode, initialAmount = '' }: { mode: 'free' | 'package'; initialAmount?: string }) {
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
          {chain ? <PaymentRequestCard mode={mode} initialAmount={initialAmount} /> : <DepositInstructions setup={setup} />}
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
  const chosen = useChosenPackageAmount();
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
      <DepositLayout mode="package" initialAmount={chosen} key={chosen} />
    </section>
  );
}
