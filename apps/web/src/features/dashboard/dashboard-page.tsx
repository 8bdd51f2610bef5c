// The signed-in home (docs/product.md#web-client), where login and sign-up land: the balance (hidden until revealed, as on the
// profile), the actions people look for first, the subscription's next step, the newest statement lines and
// the deposits and withdrawals still waiting for an admin. Every number is the server's (no client sums).
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, Package } from 'lucide-react';
import { formatPoints, type DepositRecord, type WithdrawalRecord } from '@app/contract';
import { BalanceCard } from '../../components/balance-card';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../components/ui/date-time';
import { ListLoading, LoadError } from '../../components/ui/list-state';
import { LongValue } from '../../components/ui/long-value';
import { PageHeader } from '../../components/ui/page';
import { SignedAmount } from '../../components/ui/signed-amount';
import { StatusBadge } from '../../components/ui/status-badge';
import { useMyDeposits, useMyWithdrawals } from '../../lib/account-api';
import { useSession } from '../../lib/session';
import { useRecentMovements } from './api';
import { msg, t, Trans } from '../../lib/i18n';
import { fetchMe, meQueryKey } from '../../lib/me';

const link = 'font-semibold text-emerald-800 underline dark:text-emerald-300';
const muted = 'text-sm text-slate-600 dark:text-slate-300';
/** Pending requests listed here; the rest are on the history page. */
const PENDING_SHOWN = 5;

const ACTIONS = [
  { to: '/user/deposit', label: msg('Deposit'), Icon: ArrowDownToLine },
  { to: '/user/withdraw', label: msg('Withdraw'), Icon: ArrowUpFromLine },
  { to: '/user/transfer', label: msg('Transfer'), Icon: ArrowLeftRight },
  { to: '/user/package', label: msg('Packages'), Icon: Package },
];

/**
 * False until the page's first frame has been presented (a frame, then a task): the dashboard's calls start
 * after the page frame and its largest text are painted, so the first paint waits for no network or response
 * work (Lighthouse's LCP on /user/dashboard). The loading lines hold their place meanwhile.
 */
function useFirstFrameShown(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setShown(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return shown;
}

function Loading({ children }: { children: string }) {
  return <ListLoading label={children} />;
}

function QuickActions() {
  return (
    <Card>
      <nav aria-labelledby="dashboard-actions">
        <h2 id="dashboard-actions" className="text-lg font-semibold">
          {t('Quick actions')}
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-3">
          {ACTIONS.map(({ to, label, Icon }) => (
            <li key={to}>
              <Link to={to} className={buttonClass('secondary', 'w-full')}>
                <Icon aria-hidden="true" className="h-4 w-4" />
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}

function SubscriptionStatus({ subscribed }: { subscribed: boolean }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('Subscription')}</h2>
      <p className="mt-3" data-testid="subscription-state">
        <StatusBadge done={subscribed} doneLabel={t('Active')} pendingLabel={t('Not subscribed')} />
      </p>
      <p className={`mt-2 ${muted}`}>
        {subscribed ? t('Watch videos to earn points.') : t('A subscription unlocks the video library; you activate it on your profile.')}
      </p>
      <Link to={subscribed ? '/video' : '/user/profile'} className={buttonClass('primary', 'mt-3')}>
        {subscribed ? t('Watch videos') : t('Subscribe')}
      </Link>
    </Card>
  );
}

function RecentMovements({ enabled }: { enabled: boolean }) {
  const q = useRecentMovements({ enabled });
  let body: ReactNode;
  if (q.isPending) body = <Loading>{t('Loading your latest movements…')}</Loading>;
  else if (q.isError) body = <LoadError onRetry={() => void q.refetch()}>{t('Could not load your statement.')}</LoadError>;
  else if (q.data.entries.length === 0)
    body = <p className={`py-4 ${muted}`}>{t('No movements yet. Deposits, transfers and withdrawals will show here.')}</p>;
  else
    body = (
      <ol aria-label={t('Latest movements, newest first')} className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
        {q.data.entries.map((entry) => (
          <li key={entry._id} data-testid="movement" className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
            <span className="min-w-0 flex-1 basis-48 break-words">
              <span className="block text-sm font-medium">{entry.description}</span>
              <span className="block text-xs whitespace-nowrap text-slate-600 dark:text-slate-300">
                <DateTime iso={entry.createdAt} />
              </span>
            </span>
            <span className="text-end text-sm font-semibold whitespace-nowrap tabular-nums" data-testid="movement-amount">
              <SignedAmount amount={entry.amount} />
            </span>
          </li>
        ))}
      </ol>
    );
  return (
    <Card className="lg:col-span-2">
      <h2 className="text-lg font-semibold">{t('Latest movements')}</h2>
      {body}
      <p className="mt-3 text-sm">
        <Link to="/user/statement" className={link}>
          {t('Full statement')}
        </Link>
      </p>
    </Card>
  );
}

interface PendingRow {
  _id: string;
  amount: number;
  reference: string;
  createdAt: string;
}

function PendingList({
  title,
  referenceLabel,
  query,
  empty,
}: {
  title: string;
  referenceLabel: string;
  query: { isPending: boolean; isError: boolean; data: PendingRow[] | undefined; refetch: () => unknown };
  empty: string;
}) {
  let body: ReactNode;
  if (query.isPending) body = <Loading>{t('Loading…')}</Loading>;
  else if (query.isError || !query.data)
    body = <LoadError onRetry={() => void query.refetch()}>{t('Could not load this list.')}</LoadError>;
  else if (query.data.length === 0) body = <p className={`py-4 ${muted}`}>{empty}</p>;
  else {
    const rows = query.data;
    body = (
      <>
        <ul aria-label={title} className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
          {rows.slice(0, PENDING_SHOWN).map((row) => (
            <li key={row._id} data-testid="pending-row" className="grid gap-1 py-2">
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold whitespace-nowrap tabular-nums" data-testid="pending-amount">
                  {formatPoints(row.amount)} USDT
                </span>
                <StatusBadge done={false} />
              </span>
              <span className="text-xs text-slate-600 dark:text-slate-300">
                {referenceLabel}: <LongValue value={row.reference} what={referenceLabel} />
              </span>
              <span className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-300">
                <DateTime iso={row.createdAt} />
              </span>
            </li>
          ))}
        </ul>
        {rows.length > PENDING_SHOWN && (
          <p className={`mt-2 ${muted}`}>
            <Trans
              id="and {count} more on your <0>history</0>."
              values={{ count: rows.length - PENDING_SHOWN }}
              components={{ 0: <Link to="/user/history" className={link} /> }}
            />
          </p>
        )}
      </>
    );
  }
  return (
    <Card>
      <h2 className="text-lg font-semibold">
        {title}
        {query.data && query.data.length > 0 && <span className={`ms-2 font-normal ${muted}`}>({query.data.length})</span>}
      </h2>
      {body}
    </Card>
  );
}

const pendingDeposit = (d: DepositRecord): PendingRow => ({ _id: d._id, amount: d.amount, reference: d.transactionId, createdAt: d.createdAt });
const pendingWithdrawal = (w: WithdrawalRecord): PendingRow => ({ _id: w._id, amount: w.amount, reference: w.paymentId, createdAt: w.createdAt });

function PendingRequests({ enabled }: { enabled: boolean }) {
  const deposits = useMyDeposits({ enabled });
  const withdrawals = useMyWithdrawals({ enabled });
  return (
    <>
      <PendingList
        title={t('Pending deposits')}
        referenceLabel={t('Transaction ID')}
        query={{ isPending: deposits.isPending, isError: deposits.isError, refetch: deposits.refetch, data: deposits.data?.filter((d) => !d.deposited).map(pendingDeposit) }}
        empty={t('No deposit is waiting for approval.')}
      />
      <PendingList
        title={t('Pending withdrawals')}
        referenceLabel={t('Payment ID')}
        query={{ isPending: withdrawals.isPending, isError: withdrawals.isError, refetch: withdrawals.refetch, data: withdrawals.data?.filter((w) => !w.withdrawed).map(pendingWithdrawal) }}
        empty={t('No withdrawal is waiting to be paid.')}
      />
    </>
  );
}

export function DashboardPage() {
  // The subscription state is the server's current one, not the copy kept in local storage.
  const shown = useFirstFrameShown();
  useQuery({ queryKey: meQueryKey, queryFn: fetchMe, refetchOnMount: 'always', enabled: shown });
  const { user } = useSession();
  return (
    <section>
      <PageHeader title={t('Dashboard')} intro={user ? <span className="break-words"><Trans id="Welcome, <0>{name}</0>." values={{ name: user.fullName }} components={{ 0: <bdi /> }} /></span> : undefined} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <BalanceCard />
        <QuickActions />
        <SubscriptionStatus subscribed={Boolean(user?.subscription)} />
        <PendingRequests enabled={shown} />
        <RecentMovements enabled={shown} />
      </div>
    </section>
  );
}
