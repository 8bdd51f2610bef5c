// The signed-in home (docs/product.md#activity), where login and sign-up land: the balance large at the top (an eye
// hides it, remembered in this browser; the profile keeps the spec's *** revealed for 3 seconds), the four actions
// people look for first, the activity feed (or, for a new user, the way to a first deposit), the subscription's
// next step and the deposits and withdrawals still waiting for an admin. Every number is the server's (no client
// sums); a pushed notification re-reads them (the bell invalidates the statement), so money arriving shows live.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowLeftRight, ArrowUpFromLine, Eye, EyeOff, ScrollText } from 'lucide-react';
import { formatPoints, type DepositRecord, type WithdrawalRecord } from '@app/contract';
import { ActivityFeed } from '../../components/activity-feed';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../components/ui/date-time';
import { ListLoading, LoadError } from '../../components/ui/list-state';
import { LongValue } from '../../components/ui/long-value';
import { PageHeader } from '../../components/ui/page';
import { StatusBadge } from '../../components/ui/status-badge';
import { useSession } from '../../lib/session';
import { useDashboardDeposits, useDashboardWithdrawals, useRecentMovements } from './api';
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
  { to: '/user/statement', label: msg('Statement'), Icon: ScrollText },
];

/** Where the eye's choice is kept: hidden stays hidden after a reload, in this browser. */
const HIDE_KEY = 'balanceHidden';

function useBalanceHidden(): [boolean, () => void] {
  const [hidden, setHidden] = useState(() => {
    try {
      return localStorage.getItem(HIDE_KEY) === '1';
    } catch {
      return false;
    }
  });
  const toggle = () =>
    setHidden((was) => {
      try {
        if (was) localStorage.removeItem(HIDE_KEY);
        else localStorage.setItem(HIDE_KEY, '1');
      } catch {
        // Storage refused (private mode): the choice lasts for this page only.
      }
      return !was;
    });
  return [hidden, toggle];
}

function Loading({ children }: { children: string }) {
  return <ListLoading label={children} />;
}

/** The balance, large, with the eye that hides it; from the statement's first page (one call for both). */
function BalanceHero({ balance }: { balance: number | undefined }) {
  const [hidden, toggle] = useBalanceHidden();
  return (
    <Card className="lg:col-span-2">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-300">{t('Your balance')}</h2>
        <button
          type="button"
          data-testid="balance-eye"
          aria-pressed={hidden}
          aria-label={t('Hide balance')}
          onClick={toggle}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          {hidden ? <EyeOff aria-hidden="true" className="h-5 w-5" /> : <Eye aria-hidden="true" className="h-5 w-5" />}
        </button>
      </div>
      {/* The number and its unit read left to right in both languages; the block keeps to the page's start side. */}
      <p className="mt-1 text-4xl font-bold tabular-nums">
        <span dir="ltr" className="inline-flex flex-wrap items-baseline gap-x-2">
          <span data-testid="dashboard-balance" aria-live="polite">
            {hidden ? (
              <>
                <span aria-hidden="true">***</span>
                <span className="sr-only">{t('Balance hidden')}</span>
              </>
            ) : balance === undefined ? <span className="text-slate-500 dark:text-slate-400">…</span> : formatPoints(balance)}
          </span>
          <span className="text-lg font-semibold text-slate-700 dark:text-slate-300">USDT</span>
        </span>
      </p>
      <nav aria-labelledby="dashboard-actions" className="mt-5">
        <h2 id="dashboard-actions" className="sr-only">
          {t('Quick actions')}
        </h2>
        <ul className="grid grid-cols-4 gap-2">
          {ACTIONS.map(({ to, label, Icon }) => (
            <li key={to}>
              <Link to={to} className="group flex flex-col items-center gap-1 rounded-lg p-1 text-center text-xs font-semibold text-slate-800 dark:text-slate-100">
                <span className="flex h-12 w-12 items-center justify-center rounded-full bg-emerald-700 text-white group-hover:bg-emerald-800 dark:bg-emerald-400 dark:text-slate-950 dark:group-hover:bg-emerald-300">
                  <Icon aria-hidden="true" className="h-5 w-5" />
                </span>
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

/** A new user's next step instead of empty cards: money comes in by a deposit. */
function FirstDeposit() {
  return (
    <Card className="lg:col-span-2" data-testid="first-deposit">
      <h2 className="text-lg font-semibold">{t('Make your first deposit')}</h2>
      <p className={`mt-2 ${muted}`}>
        {t('Send USDT on the Tron network (TRC20) to your deposit address: it shows here as soon as it is credited. Then watch videos, transfer or withdraw.')}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to="/user/deposit" className={buttonClass('primary')} data-primary-action="">
          <ArrowDownToLine aria-hidden="true" className="h-4 w-4" />
          {t('Deposit')}
        </Link>
        <Link to="/allpackage" className={buttonClass('secondary')}>
          {t('See the packages')}
        </Link>
      </div>
    </Card>
  );
}

function Activity({ query }: { query: ReturnType<typeof useRecentMovements> }) {
  let body: ReactNode;
  if (query.isPending) body = <Loading>{t('Loading your latest movements…')}</Loading>;
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()}>{t('Could not load your statement.')}</LoadError>;
  else body = <ActivityFeed entries={query.data.entries} label={t('Latest movements, newest first')} />;
  return (
    <Card className="lg:col-span-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('Activity')}</h2>
        <Link to="/user/statement" className={`text-sm ${link}`}>
          {t('Full statement')}
        </Link>
      </div>
      <div className="mt-2">{body}</div>
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
}: {
  title: string;
  referenceLabel: string;
  query: { isPending: boolean; isError: boolean; data: PendingRow[] | undefined; refetch: () => unknown };
}) {
  let body: ReactNode;
  if (query.isPending) body = <Loading>{t('Loading…')}</Loading>;
  else if (query.isError || !query.data)
    body = <LoadError onRetry={() => void query.refetch()}>{t('Could not load this list.')}</LoadError>;
  else if (query.data.length === 0) return null; // no empty cards: nothing is waiting
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

function PendingRequests() {
  const deposits = useDashboardDeposits();
  const withdrawals = useDashboardWithdrawals();
  return (
    <>
      <PendingList
        title={t('Pending deposits')}
        referenceLabel={t('Transaction ID')}
        query={{ isPending: deposits.isPending, isError: deposits.isError, refetch: deposits.refetch, data: deposits.data?.filter((d) => !d.deposited).map(pendingDeposit) }}
      />
      <PendingList
        title={t('Pending withdrawals')}
        referenceLabel={t('Payout address')}
        query={{ isPending: withdrawals.isPending, isError: withdrawals.isError, refetch: withdrawals.refetch, data: withdrawals.data?.filter((w) => !w.withdrawed).map(pendingWithdrawal) }}
      />
    </>
  );
}

export function DashboardPage() {
  // The subscription state is the server's current one, not the copy kept in local storage (read again when older
  // than the query cache's 30 s; a first load has just read it).
  useQuery({ queryKey: meQueryKey, queryFn: fetchMe });
  const { user } = useSession();
  const movements = useRecentMovements();
  const isNew = movements.data?.entries.length === 0;
  return (
    <section>
      <PageHeader title={t('Dashboard')} intro={user ? <span className="break-words"><Trans id="Welcome, <0>{name}</0>." values={{ name: user.fullName }} components={{ 0: <bdi /> }} /></span> : undefined} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <BalanceHero balance={movements.data?.balance} />
        {isNew ? <FirstDeposit /> : <Activity query={movements} />}
        <SubscriptionStatus subscribed={Boolean(user?.subscription)} />
        <PendingRequests />
      </div>
    </section>
  );
}
