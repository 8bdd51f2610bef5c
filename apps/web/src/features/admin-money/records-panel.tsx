// The admin list of deposits or withdrawals: filters and page in the URL (?status=&email=&page=), a table with the
// forward status change per row, and the destructive ones (mark pending again, delete) in its row menu, each
// confirmed first. A list with a queue (deposits) opens on its pending records, oldest first.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { formatPoints } from '@app/contract';
import { Button } from '../../components/ui/button';
import { RowMenu, type RowMenuItem } from '../../components/ui/row-menu';
import { useConfirm, type ConfirmOptions } from '../../components/ui/confirm-dialog';
import { DateTime } from '../../components/ui/date-time';
import { Pagination } from '../../components/ui/pagination';
import { StatusBadge } from '../../components/ui/status-badge';
import type { ApiEnvelope } from '../../lib/api';
import { t } from '../../lib/i18n';
import { useIdempotencyKeys } from '../../lib/idempotency-key';
import type { ListPage, ListParams } from './api';
import { ListLoading, LoadError, PageGone } from '../../components/ui/list-state';
import { DataCell, DataRow, DataTable } from '../../components/ui/table';
import { LongValue } from '../../components/ui/long-value';

export interface AdminRecord {
  _id: string;
  amount: number;
  email: string;
  createdAt: string;
}

export interface RecordKind<T extends AdminRecord> {
  /** The list's own sentences, as msg() ids (rendered with t()): one per sentence, never built from a plural word. */
  texts: {
    /** "deposits": the pagination's name. */
    plural: string;
    /** "Filter deposits": the filter form's name. */
    filter: string;
    /** "Loading deposits…" */
    loading: string;
    /** "No deposits match these filters." */
    noMatch: string;
    /** "No deposits yet." */
    none: string;
    /** ICU plural with {count}: "3 deposits". */
    count: string;
  };
  queryKey: string;
  rowTestId: string;
  /** The status the list opens on (the queue: pending, shown oldest first); none: every record, newest first. */
  opensOn?: string;
  fetch: (params: ListParams) => Promise<ListPage<T>>;
  /** status filter values of the server (besides "all"), with their labels (msg() ids, like the labels below). */
  statuses: { value: string; label: string }[];
  doneLabel: string;
  referenceLabel: string;
  reference: (r: T) => string;
  done: (r: T) => boolean;
  markLabel: (targetDone: boolean) => string;
  setStatus: (r: T, targetDone: boolean, key: string) => Promise<ApiEnvelope>;
  remove: (r: T, key: string) => Promise<ApiEnvelope>;
  /** The confirmations, built with t() when asked, so they are in the current language. */
  confirmStatus: (r: T, targetDone: boolean) => ConfirmOptions;
  confirmDelete: (r: T) => ConfirmOptions;
  /** Toast texts, built with t() when raised. */
  toasts: {
    fetchError: (err: unknown) => string;
    updated: (data: ApiEnvelope) => string;
    updateError: (err: unknown) => string;
    deleted: (data: ApiEnvelope) => string;
    deleteError: (err: unknown) => string;
  };
}

const selectClass =
  'rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';

/** "All" in the filter: a list that opens on a status needs a value of its own for "every status". */
const ALL = 'all';

function useListParams(opensOn = ''): [ListParams, (next: Partial<ListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const status = search.get('status') ?? opensOn;
  // The pending queue is worked from its oldest record; any other view reads newest first.
  const params: ListParams = { page, status, email: search.get('email') ?? '', order: opensOn && status === opensOn ? 'oldest' : 'newest' };
  const update = (next: Partial<ListParams>) => {
    const merged = { ...params, ...next };
    const out = new URLSearchParams();
    if (merged.status !== opensOn) out.set('status', merged.status || ALL);
    if (merged.email) out.set('email', merged.email);
    if (merged.page > 1) out.set('page', String(merged.page));
    setSearch(out, { replace: true, preventScrollReset: true });
  };
  return [params, update];
}

function Filters<T extends AdminRecord>({
  kind,
  params,
  onChange,
}: {
  kind: RecordKind<T>;
  params: ListParams;
  onChange: (next: Partial<ListParams>) => void;
}) {
  const statusId = useId();
  const emailId = useId();
  // The e-mail box is applied on submit; it starts from the URL and is remounted (key) when the URL changes.
  const [email, setEmail] = useState(params.email);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ email: email.trim(), page: 1 });
  };
  return (
    <form role="search" aria-label={t(kind.texts.filter)} onSubmit={apply} className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={statusId} className="text-sm font-medium">
          {t('Status')}
        </label>
        <select
          id={statusId}
          className={selectClass}
          value={params.status}
          onChange={(e) => onChange({ status: e.target.value, page: 1 })}
        >
          <option value={kind.opensOn ? ALL : ''}>{t('All')}</option>
          {kind.statuses.map((s) => (
            <option key={s.value} value={s.value}>
              {t(s.label)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={emailId} className="text-sm font-medium">
          {t('Filter by e-mail')}
        </label>
        <input
          id={emailId}
          type="search"
          className={selectClass}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('part of an e-mail')}
          autoComplete="off"
          dir="auto"
        />
      </div>
      <Button type="submit" variant="secondary">
        {t('Apply')}
      </Button>
      {(params.email || params.status !== (kind.opensOn ?? '')) && (
        <Button
          variant="ghost"
          onClick={() => {
            setEmail('');
            onChange({ email: '', status: kind.opensOn ?? '', page: 1 });
          }}
        >
          {t('Clear filters')}
        </Button>
      )}
    </form>
  );
}

export function RecordsPanel<T extends AdminRecord>({ kind, title }: { kind: RecordKind<T>; title: string }) {
  const [params, setParams] = useListParams(kind.opensOn);
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  const { confirm, dialog } = useConfirm();

  const list = useQuery({
    queryKey: [kind.queryKey, params],
    queryFn: () => kind.fetch(params),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

  // One toast per failed fetch (the list also says so in place).
  const fetchError = list.isError ? list.error : null;
  useEffect(() => {
    if (fetchError) toast.error(kind.toasts.fetchError(fetchError));
  }, [fetchError, kind]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [kind.queryKey] }),
      // The admin may have acted on their own account.
      queryClient.invalidateQueries({ queryKey: ['point'] }),
      queryClient.invalidateQueries({ queryKey: ['statement'] }),
    ]);

  const statusMutation = useMutation({
    mutationFn: ({ record, target }: { record: T; target: boolean }) =>
      keys.run(`POST ${kind.queryKey}/${record._id} ${target}`, (key) => kind.setStatus(record, target, key)),
    onSuccess: (data) => toast.success(kind.toasts.updated(data)),
    onError: (err) => toast.error(kind.toasts.updateError(err)),
    onSettled: refresh,
  });

  const deleteMutation = useMutation({
    mutationFn: ({ record }: { record: T }) => keys.run(`DELETE ${kind.queryKey}/${record._id}`, (key) => kind.remove(record, key)),
    onSuccess: (data) => {
      toast.success(kind.toasts.deleted(data));
      // The last row of a later page is gone: show the page before.
      if (list.data && list.data.records.length === 1 && params.page > 1) setParams({ page: params.page - 1 });
    },
    onError: (err) => toast.error(kind.toasts.deleteError(err)),
    onSettled: refresh,
  });

  const busyId = (statusMutation.isPending && statusMutation.variables?.record._id) || (deleteMutation.isPending && deleteMutation.variables?.record._id);

  const askStatus = async (record: T) => {
    const target = !kind.done(record);
    if (await confirm(kind.confirmStatus(record, target))) statusMutation.mutate({ record, target });
  };
  const askDelete = async (record: T) => {
    if (await confirm(kind.confirmDelete(record))) deleteMutation.mutate({ record });
  };

  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / (data.limit || 1))) : 1;

  let body: ReactNode;
  if (list.isPending) {
    body = <ListLoading label={t(kind.texts.loading)} />;
  } else if (!data) {
    body = <LoadError onRetry={() => void list.refetch()}>{kind.toasts.fetchError(list.error)}</LoadError>;
  } else if (data.records.length === 0 && data.total > 0) {
    body = <PageGone onFirstPage={() => setParams({ page: 1 })} />;
  } else if (data.records.length === 0) {
    body = (
      <p className="py-4 text-slate-600 dark:text-slate-300">
        {(params.status && params.status !== ALL) || params.email ? t(kind.texts.noMatch) : t(kind.texts.none)}
      </p>
    );
  } else {
    body = (
      <DataTable
        caption={title}
        from="3xl"
        columns={[t('E-mail'), { label: t('Amount (USDT)'), numeric: true }, t(kind.referenceLabel), t('Status'), t('Date'), t('Actions')]}
        busy={list.isFetching}
      >
        {data.records.map((record) => {
          const done = kind.done(record);
          const busy = busyId === record._id;
          return (
            <DataRow key={record._id} data-testid={kind.rowTestId}>
              <DataCell className="[overflow-wrap:anywhere]">
                <bdi dir="ltr">{record.email}</bdi>
              </DataCell>
              <DataCell className="font-semibold whitespace-nowrap tabular-nums">{formatPoints(record.amount)}</DataCell>
              <DataCell>
                <LongValue value={kind.reference(record)} what={t(kind.referenceLabel)} />
              </DataCell>
              <DataCell>
                <StatusBadge done={done} doneLabel={t(kind.doneLabel)} pendingLabel={t('Pending')} />
              </DataCell>
              <DataCell>
                <DateTime iso={record.createdAt} />
              </DataCell>
              <DataCell actions>
                <div className="flex flex-wrap gap-2">
                  {!done && (
                    <Button data-primary-action className="whitespace-nowrap" disabled={busy} onClick={() => void askStatus(record)}>
                      {t(kind.markLabel(true))}
                    </Button>
                  )}
                  <RowMenu
                    about={record.email}
                    testId="row-menu"
                    items={[
                      ...(done ? [{ label: t(kind.markLabel(false)), onSelect: () => void askStatus(record), disabled: busy } satisfies RowMenuItem] : []),
                      { label: t('Delete'), danger: true, onSelect: () => void askDelete(record), disabled: busy },
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

  return (
    <div>
      <Filters key={params.email} kind={kind} params={params} onChange={setParams} />
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {data ? t(kind.texts.count, { count: data.total }) : '\u00a0'}
      </p>
      <div className="mt-2">{body}</div>
      {data && data.records.length > 0 && (
        <Pagination label={t(kind.texts.plural)} page={params.page} pageCount={pageCount} onPage={(page) => setParams({ page })} />
      )}
      {dialog}
    </div>
  );
}
