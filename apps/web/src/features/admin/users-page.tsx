// docs/product.md#routes /allusers: every user (admins first, in the server's order) with the total, admin and subscribed
// counts, a search, paging, a role selector (User or Admin only) and a delete button, each behind the
// product's confirmation (docs/product.md#validation). SADMIN rows and the admin's own row cannot be changed (docs/product.md#roles, #security-rules).
// List errors are logged only (docs/product.md#messages); stats errors show "Failed to get stats".
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { MSG, formatPoints, type AdminUserRow } from '@app/contract';
import { Button, buttonClass } from '../../components/ui/button';
import { RowMenu } from '../../components/ui/row-menu';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../components/ui/date-time';
import { PageHeader } from '../../components/ui/page';
import { Pagination } from '../../components/ui/pagination';
import { errorMessage } from '../../lib/api';
import { msg, t } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { adminKeys, deleteUser, fetchUserStats, fetchUsers, updateRole, type AssignableRole } from './api';
import { PageGone, ListLoading } from '../../components/ui/list-state';
import { DataCell, DataRow, DataTable } from '../../components/ui/table';
import { ClosedAccounts } from './closed-accounts';

const SEARCH_DEBOUNCE_MS = 300;

const fieldClass =
  'rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';

const ROLE_OPTIONS: { value: AssignableRole; label: string }[] = [
  { value: 'USER', label: msg('User') },
  { value: 'ADMIN', label: msg('Admin') },
];

/** ?q=&page= in the URL, so a search survives reloads and the back button. */
function useUserListParams() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const q = search.get('q') ?? '';
  const update = (next: { page?: number; q?: string }) =>
    setSearch(
      (prev) => {
        const out = new URLSearchParams(prev);
        const nextQ = next.q ?? prev.get('q') ?? '';
        const nextPage = next.page ?? (Math.max(1, Number.parseInt(prev.get('page') ?? '1', 10) || 1));
        if (nextQ) out.set('q', nextQ);
        else out.delete('q');
        if (nextPage > 1) out.set('page', String(nextPage));
        else out.delete('page');
        return out;
      },
      { replace: true, preventScrollReset: true },
    );
  return { page, q, update };
}

/** The search box: applied after a pause in typing, always from page 1. */
function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const id = useId();
  const hintId = useId();
  const [text, setText] = useState(q);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });
  // The URL changed from elsewhere (back button, "Go to the first page"): show its search.
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    if (text.trim() !== q) setText(q);
  }
  useEffect(() => {
    const next = text.trim();
    if (next === q) return;
    const timer = window.setTimeout(() => onSearchRef.current(next), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, q]);
  return (
    <form role="search" aria-label={t('Search users')} onSubmit={(e) => (e.preventDefault(), onSearch(text.trim()))}>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {t('Search by name or e-mail')}
        </label>
        <input
          id={id}
          type="search"
          className={`${fieldClass} w-full max-w-md`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={hintId}
          autoComplete="off"
          maxLength={254}
          dir="auto"
        />
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
          {t('Results update as you type.')}
        </p>
      </div>
    </form>
  );
}

function Counts({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {items.map((item) => (
        <div key={item.label} className="rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-700">
          <dt className="text-sm text-slate-600 dark:text-slate-300">{item.label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Why a row's controls are disabled, or null when they are not. */
function lockReason(row: AdminUserRow, myId: string | undefined, what: 'role' | 'delete'): string | null {
  if (row.role === 'SADMIN') return t('A super admin cannot be changed or deleted');
  if (row._id === myId) return what === 'role' ? t('You cannot change your own role') : t('You cannot delete your own account');
  return null;
}

export function AllUsersPage() {
  const { page, q, update } = useUserListParams();
  const { user: me } = useSession();
  const queryClient = useQueryClient();

  const list = useQuery({
    queryKey: adminKeys.users({ page, q }),
    queryFn: () => fetchUsers({ page, q }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
  const stats = useQuery({ queryKey: adminKeys.stats, queryFn: fetchUserStats, refetchOnMount: 'always' });

  // docs/product.md#messages: user list errors are logged only; stats errors get one toast per failure.
  const listError = list.isError ? list.error : null;
  useEffect(() => {
    if (listError) console.error('Could not load the user list', listError);
  }, [listError]);
  const statsError = stats.isError ? stats.error : null;
  useEffect(() => {
    if (statsError) toast.error(t(MSG.statsFailed));
  }, [statsError]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });

  const roleMutation = useMutation({
    mutationFn: ({ row, role }: { row: AdminUserRow; role: AssignableRole }) => updateRole(row._id, role),
    onSuccess: (data) => toast.success(data.message),
    onError: (err) => toast.error(errorMessage(err, t('Could not change the role'))),
    onSettled: refresh,
  });
  const deleteMutation = useMutation({
    mutationFn: ({ row }: { row: AdminUserRow }) => deleteUser(row._id),
    onSuccess: (data) => {
      toast.success(data.message);
      // The last row of a later page is gone: show the page before.
      if (list.data && list.data.users.length === 1 && page > 1) update({ page: page - 1 });
    },
    onError: (err) => toast.error(errorMessage(err, t('Could not delete the user'))),
    onSettled: refresh,
  });

  const changeRole = (row: AdminUserRow, role: AssignableRole) => {
    if (role === row.role) return;
    // A cancelled prompt leaves the (controlled) selector on the current role.
    if (!window.confirm(t(MSG.confirmRole))) return;
    roleMutation.mutate({ row, role });
  };
  const remove = (row: AdminUserRow) => {
    if (!window.confirm(t(MSG.confirmDeleteUser))) return;
    deleteMutation.mutate({ row });
  };

  const busyId =
    (roleMutation.isPending && roleMutation.variables?.row._id) || (deleteMutation.isPending && deleteMutation.variables?.row._id);

  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / (data.limit || 1))) : 1;
  const searching = q !== '';

  let body: ReactNode;
  if (list.isPending) {
    body = <ListLoading label={t('Loading users…')} />;
  } else if (!data) {
    body = (
      <div className="py-4">
        <p className="text-slate-600 dark:text-slate-300">{t('No users to show.')}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void list.refetch()}>
          {t('Try again')}
        </Button>
      </div>
    );
  } else if (data.users.length === 0 && data.total > 0) {
    body = <PageGone onFirstPage={() => update({ page: 1 })} />;
  } else if (data.users.length === 0) {
    body = <p className="py-4 text-slate-600 dark:text-slate-300">{searching ? t('No users match “{q}”.', { q }) : t('No users yet.')}</p>;
  } else {
    body = (
      <DataTable
        caption={t('Users, admins first')}
        from="4xl"
        columns={[
          t('User'),
          t('Role'),
          { label: t('Balance (USDT)'), numeric: true },
          t('Subscription'),
          t('Referrer'),
          { label: t('Referral earnings (USDT)'), numeric: true },
          t('Joined'),
          t('Actions'),
        ]}
        busy={list.isFetching}
      >
        {data.users.map((row) => {
          const busy = busyId === row._id;
          const roleLock = lockReason(row, me?._id, 'role');
          const deleteLock = lockReason(row, me?._id, 'delete');
          const shownRole =
            roleMutation.isPending && roleMutation.variables?.row._id === row._id ? roleMutation.variables.role : row.role;
          return (
            <DataRow key={row._id} data-testid="admin-user-row">
              {/* Name, e-mail and phone in one cell: ten columns did not fit beside the side menu at 1,280 px; eight are a
                  table from a 56rem box (the side menu at 1,280 px leaves 58rem), cards below it. */}
              <DataCell header className="[overflow-wrap:anywhere] @4xl:min-w-[8rem]">
                {row.fullName}
                {row._id === me?._id && <span className="ms-1 text-xs font-normal whitespace-nowrap text-slate-600 dark:text-slate-300">{t('(you)')}</span>}
                {/* E-mails and phone numbers read left to right in Arabic too (the + stays in front). */}
                <span className="block font-normal">
                  <bdi dir="ltr">{row.email}</bdi>
                </span>
                <span className="block font-normal whitespace-nowrap text-slate-600 dark:text-slate-300">
                  <bdi dir="ltr">{row.phone}</bdi>
                </span>
              </DataCell>
              <DataCell>
                <select
                  aria-label={t('Role for {email}', { email: row.email })}
                  title={roleLock ?? undefined}
                  className={fieldClass}
                  value={shownRole}
                  disabled={roleLock !== null || busy}
                  onChange={(e) => changeRole(row, e.target.value as AssignableRole)}
                >
                  {/* Only User and Admin are offered; a super admin's (disabled) selector just shows its role. */}
                  {row.role === 'SADMIN' && <option value="SADMIN">{t('Super admin')}</option>}
                  {ROLE_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {t(o.label)}
                    </option>
                  ))}
                </select>
              </DataCell>
              <DataCell className="font-semibold whitespace-nowrap tabular-nums">{formatPoints(row.point)}</DataCell>
              <DataCell>
                <span
                  className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                    row.subscription
                      ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100'
                      : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200'
                  }`}
                >
                  {row.subscription ? t('Subscribed') : t('Not subscribed')}
                </span>
              </DataCell>
              <DataCell className="[overflow-wrap:anywhere]">
                {row.referredBy ? <bdi dir="ltr">{row.referredBy}</bdi> : <span className="text-slate-600 dark:text-slate-300">{t('None')}</span>}
              </DataCell>
              <DataCell className="whitespace-nowrap tabular-nums">
                <span data-testid="admin-user-referral-earnings">{formatPoints(row.referralEarnings)}</span>
              </DataCell>
              <DataCell>
                <DateTime iso={row.createdAt} day />
              </DataCell>
              <DataCell actions>
                <div className="flex flex-wrap gap-2">
                  <Link to={`/admin/users/${encodeURIComponent(row._id)}`} data-primary-action className={buttonClass('primary', 'whitespace-nowrap')}>
                    {t('Open')}
                    <span className="sr-only"> {row.email}</span>
                  </Link>
                  {/* Delete sits in the row's menu, behind the product's prompt (docs/product.md#validation). */}
                  <RowMenu
                    about={row.email}
                    items={[
                      {
                        label: t('Delete'),
                        name: t('Delete {email}', { email: row.email }),
                        danger: true,
                        title: deleteLock ?? undefined,
                        disabled: deleteLock !== null || busy,
                        onSelect: () => remove(row),
                      },
                    ]}
                  />
                </div>
              </DataCell>
            </DataRow>
          );
        })}
      </DataTable>
    );
  }

  const dash = '\u2013';
  return (
    <section>
      <PageHeader title={t('Users')} intro={t('Everyone with an account, admins first. Change a role or delete a user; their records are kept.')} />
      <div className="grid gap-6">
        <Card>
          <h2 className="sr-only">{t('Counts')}</h2>
          <Counts
            items={[
              { label: searching ? t('Matching users') : t('Total users'), value: data ? data.total : dash },
              { label: searching ? t('Matching admins') : t('Admins'), value: data ? data.adminCount : dash },
              { label: t('Subscribed users'), value: stats.data ? stats.data.subscribedUsersCount : dash },
            ]}
          />
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-semibold">{t('All users')}</h2>
          <SearchBox q={q} onSearch={(next) => update({ q: next, page: 1 })} />
          <div className="mt-4">{body}</div>
          {data && data.users.length > 0 && (
            <Pagination label={t('Users')} page={page} pageCount={pageCount} onPage={(next) => update({ page: next })} />
          )}
        </Card>
        <ClosedAccounts />
      </div>
    </section>
  );
}
