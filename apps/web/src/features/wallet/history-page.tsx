import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { DepositTable, WithdrawalTable } from './record-tables';
import { t, Trans } from '../../lib/i18n';

const link = 'font-semibold text-emerald-800 underline dark:text-emerald-300';

export function HistoryPage() {
  return (
    <section>
      <PageHeader
        title={t('History')}
        intro={
          <Trans
            id="Your deposits and withdrawals, newest first. Every balance change is on your <0>statement</0>."
            components={{ 0: <Link to="/user/statement" className={link} /> }}
          />
        }
      />
      <div className="grid gap-6">
        <Card>
          <h2 className="text-lg font-semibold">{t('Deposits')}</h2>
          <div className="mt-2">
            <DepositTable />
          </div>
        </Card>
        <Card>
          <h2 className="text-lg font-semibold">{t('Withdrawals')}</h2>
          <div className="mt-2">
            <WithdrawalTable />
          </div>
        </Card>
      </div>
    </section>
  );
}
