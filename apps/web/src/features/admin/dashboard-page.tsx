// Admin dashboard (docs/product.md#api-conventions GET /admin/dashboard): headline figures, and the last 30 UTC days of deposits,
// withdrawals and sign-ups as charts (loaded lazily: recharts never reaches the `/` bundle) with the same
// figures in a data table for keyboard and screen-reader users.
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatPoints, type DashboardResponse } from '@app/contract';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { formatDate } from '../../components/ui/date-time';
import { lazyPage } from '../../lib/lazy-page';
import { adminKeys, fetchDashboard } from './api';
import { LoadError, ListLoading } from '../../components/ui/list-state';
import { DataCell, DataRow, DataTable } from '../../components/ui/table';
import { useSession } from '../../lib/session';
import { GoLiveChecklist } from './go-live-checklist';

const DashboardCharts = lazyPage(() => import('./dashboard-charts'), 'DashboardCharts');

const linkClass = 'text-sm font-semibold text-emerald-800 underline dark:text-emerald-300';

/** A UTC day in the current language (called at render, so a language switch shows it anew). */
const dayLabel = (day: string) => formatDate(day, { day: true, utc: true });

function Figure({ label, value, detail, testId }: { label: string; value: ReactNode; detail?: ReactNode; testId: string }) {
  return (
    <Card className="p-5">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {detail && <dd className="mt-1 text-sm text-slate-700 dark:text-slate-300">{detail}</dd>}
    </Card>
  );
}

function SeriesTable({ series }: { series: DashboardResponse['series'] }) {
  return (
    <details className="mt-6">
      <summary className="cursor-pointer text-sm font-semibold">{t('Show the daily figures as a table')}</summary>
      <div className="mt-3">
        <DataTable
          caption={t('Deposits, withdrawals and sign-ups per UTC day, oldest first')}
          columns={[
            t('Day (UTC)'),
            { label: t('Deposits (USDT)'), numeric: true },
            { label: t('Withdrawals (USDT)'), numeric: true },
            { label: t('Sign-ups'), numeric: true },
          ]}
        >
          {series.map((d) => (
            <DataRow key={d.day}>
              <DataCell header>
                <time dateTime={d.day} className="whitespace-nowrap">
                  {dayLabel(d.day)}
                </time>
              </DataCell>
              <DataCell className="tabular-nums">{formatPoints(d.deposits)}</DataCell>
              <DataCell className="tabular-nums">{formatPoints(d.withdrawals)}</DataCell>
              <DataCell className="tabular-nums">{d.signups}</DataCell>
            </DataRow>
          ))}
        </DataTable>
      </div>
    </details>
  );
}

export function AdminDashboardPage() {
  const dashboard = useQuery({ queryKey: adminKeys.dashboard, queryFn: fetchDashboard, refetchOnMount: 'always' });
  const data = dashboard.data;
  const superAdmin = useSession().role === 'SADMIN';

  let body: ReactNode;
  if (dashboard.isPending) {
    body = <ListLoading label={t('Loading the dashboard…')} />;
  } else if (!data) {
    body = <LoadError onRetry={() => void dashboard.refetch()}>{errorMessage(dashboard.error, t('Could not load the dashboard.'))}</LoadError>;
  } else {
    body = (
      <div className="grid gap-6">
        {superAdmin && <GoLiveChecklist />}
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={dashboard.isFetching}>
          <Figure
            label={t('Users')}
            value={data.users}
            testId="dashboard-users"
            detail={
              <Link to="/allusers" className={linkClass}>
                {t('Manage users')}
              </Link>
            }
          />
          <Figure label={t('Subscribers')} value={data.subscribers} testId="dashboard-subscribers" />
          <Figure
            label={t('User balances (USDT)')}
            value={formatPoints(data.userBalances)}
            testId="dashboard-balances"
            detail={t('What the platform owes its users.')}
          />
          <Figure
            label={t('Referral commissions (USDT)')}
            value={formatPoints(data.referralCommissions)}
            testId="dashboard-referral-commissions"
            detail={t('Everything the referral program has paid: commissions and first-deposit bonuses.')}
          />
          <Figure
            label={t('Pending deposits')}
            value={data.pendingDeposits.count}
            testId="dashboard-pending-deposits"
            detail={
              <>
                <span data-testid="dashboard-pending-deposits-amount">{formatPoints(data.pendingDeposits.amount)} USDT</span>
                {' · '}
                <Link to="/admin/deposit?status=pending" className={linkClass}>
                  {t('Review')}
                </Link>
              </>
            }
          />
          <Figure
            label={t('Pending withdrawals')}
            value={data.pendingWithdrawals.count}
            testId="dashboard-pending-withdrawals"
            detail={
              <>
                <span data-testid="dashboard-pending-withdrawals-amount">{formatPoints(data.pendingWithdrawals.amount)} USDT</span>
                {' · '}
                <Link to="/admin/withdraw?status=pending" className={linkClass}>
                  {t('Review')}
                </Link>
              </>
            }
          />
        </dl>
        <Card>
          <h2 className="mb-4 text-lg font-semibold">{t('Last {count} days', { count: data.series.length })}</h2>
          <Suspense
            fallback={
              <ListLoading label={t('Loading charts…')} />
            }
          >
            <DashboardCharts series={data.series} />
          </Suspense>
          <SeriesTable series={data.series} />
        </Card>
      </div>
    );
  }

  return (
    <section>
      <PageHeader title={t('Dashboard')} intro={t('The platform at a glance. Days are UTC; amounts are in USDT.')} />
      {body}
    </section>
  );
}
