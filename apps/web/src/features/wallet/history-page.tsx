import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { DepositTable, WithdrawalTable } from './record-tables';

const link = 'font-semibold text-emerald-800 underline dark:text-emerald-300';

export function HistoryPage() {
  return (
    <section>
      <PageHeader
        title="History"
        intro={
          <>
            Your deposits and withdrawals, newest first. Every balance change is on your{' '}
            <Link to="/user/statement" className={link}>statement</Link>.
          </>
        }
      />
      <div className="grid gap-6">
        <Card>
          <h2 className="text-lg font-semibold">Deposits</h2>
          <div className="mt-2">
            <DepositTable />
          </div>
        </Card>
        <Card>
          <h2 className="text-lg font-semibold">Withdrawals</h2>
          <div className="mt-2">
            <WithdrawalTable />
          </div>
        </Card>
      </div>
    </section>
  );
}
