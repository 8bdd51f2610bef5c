import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page';
import { Card } from '../../components/ui/card';
import { DepositInstructions, useDepositSetup } from './deposit-instructions';
import { DepositForm } from './deposit-form';
import { PaymentRequestCard } from './payment-request';
import { useAppConfig } from '../../lib/config';
import { DepositTable } from './record-tables';

const link = 'font-semibold text-emerald-800 underline dark:text-emerald-300';

function DepositLayout({ mode }: { mode: 'free' | 'package' }) {
  const setup = useDepositSetup();
  // Deposits confirmed on the chain: an exact amount to pay first; pasting the transaction ID stays as a fallback.
  const chain = useAppConfig().chainDeposits && setup.state === 'ready';
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {chain ? <PaymentRequestCard mode={mode} /> : <DepositInstructions setup={setup} />}
      <DepositForm mode={mode} disabled={setup.state !== 'ready'} />
      <Card className="lg:col-span-2">
        <h2 className="text-lg font-semibold">Your deposits</h2>
        <div className="mt-2">
          <DepositTable />
        </div>
        <p className="mt-3 text-sm">
          See everything on your <Link to="/user/history" className={link}>history</Link> and{' '}
          <Link to="/user/statement" className={link}>statement</Link>.
        </p>
      </Card>
    </div>
  );
}

export function DepositPage() {
  return (
    <section>
      <PageHeader
        title="Deposit"
        intro="Send USDT on the Tron (TRC20) network, then tell us the amount and the transaction ID. Your balance is credited once an admin approves the deposit."
      />
      <DepositLayout mode="free" />
    </section>
  );
}

export function PackagePage() {
  return (
    <section>
      <PageHeader
        title="Package"
        intro={
          <>
            Pick a VIP package, send exactly its amount in USDT on the Tron (TRC20) network, then enter the transaction ID.
            Compare packages on <Link to="/allpackage" className={link}>All Packages</Link>.
          </>
        }
      />
      <DepositLayout mode="package" />
    </section>
  );
}
