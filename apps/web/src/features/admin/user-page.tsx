// docs/product.md#admin-desks /admin/users/{id}: one user's own page for the admins, opened from /allusers: who they
// are, their balance, their newest ledger movements, deposits, withdrawals, open sessions, the people they invited
// and their support tickets. Read-only: roles, deletion and points stay on their desks.
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { browserName, formatPoints } from '@app/contract';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../components/ui/date-time';
import { LoadError } from '../../components/ui/list-state';
import { PageHeader } from '../../components/ui/page';
import { SignedAmount } from '../../components/ui/signed-amount';
import { StatusBadge } from '../../components/ui/status-badge';
import { errorMessage } from '../../lib/api';
import { currentLang, t } from '../../lib/i18n';
import { adminKeys, fetchUserOverview } from './api';

/** A section: its heading, and its lines or what it says when there are none. */
function Section({ title, empty, testId, children }: { title: string; empty: string; testId: string; children: ReactNode[] }) {
  return (
    <Card data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">{children}</ul>
      )}
    </Card>
  );
}

/** One line: what it is on the start side, the figure on the end side, the time under it. */
function Line({ what, figure, when }: { what: ReactNode; figure?: ReactNode; when: string }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {what}
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          <DateTime iso={when} />
        </span>
      </span>
      {figure !== undefined && <span className="font-semibold whitespace-nowrap tabular-nums">{figure}</span>}
    </li>
  );
}

export function AdminUserPage() {
  const { id = '' } = useParams();
  const overview = useQuery({ queryKey: adminKeys.user(id), queryFn: () => fetchUserOverview(id), refetchOnMount: 'always' });
  const back = (
    <p className="mb-4">
      <Link to="/allusers" className="inline-flex items-center gap-1 font-semibold text-emerald-800 underline dark:text-emerald-300">
        <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
        {t('All users')}
      </Link>
    </p>
  );
  const data = overview.data;
  if (!data) {
    return (
      <section>
        {back}
        <PageHeader title={t('User')} />
        {overview.isError ? (
          <LoadError onRetry={() => void overview.refetch()}>{errorMessage(overview.error, t('Could not load this user.'))}</LoadError>
        ) : (
          <p role="status" className="py-4 text-slate-600 dark:text-slate-300">
            {t('Loading…')}
          </p>
        )}
      </section>
    );
  }
  const { user } = data;
  return (
    <section>
      {back}
      <PageHeader title={user.fullName} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="lg:col-span-2">
          <dl className="grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{t('Balance')}</dt>
              <dd className="text-3xl font-bold tabular-nums" data-testid="admin-user-balance">
                {formatPoints(data.balance)} USDT
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-sm text-slate-600 dark:text-slate-300">{t('Contact')}</dt>
              <dd className="[overflow-wrap:anywhere]">
                <bdi dir="ltr">{user.email}</bdi>
                <span className="block">
                  <bdi dir="ltr">{user.phone}</bdi>
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{t('Account')}</dt>
              <dd>
                {user.role === 'USER' ? t('User') : user.role === 'ADMIN' ? t('Admin') : t('Super admin')} ·{' '}
                {user.subscription ? t('Subscribed') : t('Not subscribed')}
                {user.closedAt && <span className="block font-semibold text-red-700 dark:text-red-300">{t('Closed')}</span>}
                <span className="block text-sm text-slate-600 dark:text-slate-300">
                  {t('Joined')} <DateTime iso={user.createdAt} day />
                </span>
                {user.referredBy && (
                  <span className="block text-sm text-slate-600 dark:text-slate-300 [overflow-wrap:anywhere]">
                    {t('Referrer')}: <bdi dir="ltr">{user.referredBy}</bdi>
                  </span>
                )}
              </dd>
            </div>
          </dl>
        </Card>
        <Section title={t('Ledger')} empty={t('No movements yet.')} testId="admin-user-ledger">
          {data.ledger.map((e) => (
            <Line key={e._id} what={e.description} figure={<SignedAmount amount={e.amount} />} when={e.createdAt} />
          ))}
        </Section>
        <Section title={t('Deposits')} empty={t('No deposits yet.')} testId="admin-user-deposits">
          {data.deposits.map((d) => (
            <Line
              key={d._id}
              what={<StatusBadge done={d.deposited} />}
              figure={`${formatPoints(d.amount)} USDT`}
              when={d.createdAt}
            />
          ))}
        </Section>
        <Section title={t('Withdrawals')} empty={t('No withdrawals yet.')} testId="admin-user-withdrawals">
          {data.withdrawals.map((w) => (
            <Line key={w._id} what={<StatusBadge done={w.withdrawed} />} figure={`${formatPoints(w.amount)} USDT`} when={w.createdAt} />
          ))}
        </Section>
        <Section title={t('Sessions')} empty={t('No open sessions.')} testId="admin-user-sessions">
          {data.sessions.map((s) => (
            <Line
              key={s._id}
              // As the user's own security page names it ("Chrome on Linux"), never the raw User-Agent; the address beside it.
              what={<>{browserName(s.userAgent, currentLang(), { start: true })} · <bdi dir="ltr">{s.ip || t('Unknown')}</bdi></>}
              when={s.lastSeenAt}
            />
          ))}
        </Section>
        <Section title={t('Referrals ({count})', { count: data.referrals.total })} empty={t('No one invited yet.')} testId="admin-user-referrals">
          {data.referrals.recent.map((r) => (
            <Line key={r.email} what={<>{r.fullName} · <bdi dir="ltr">{r.email}</bdi></>} when={r.createdAt} />
          ))}
        </Section>
        <Section title={t('Support tickets')} empty={t('No tickets.')} testId="admin-user-tickets">
          {data.tickets.map((tk) => (
            <Line key={tk._id} what={<Link to={`/admin/support/${encodeURIComponent(tk._id)}`} className="font-medium underline">{`#${tk.number} ${tk.subject}`}</Link>} when={tk.updatedAt} />
          ))}
        </Section>
      </div>
    </section>
  );
}
