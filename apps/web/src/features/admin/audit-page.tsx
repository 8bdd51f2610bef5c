// The audit log (docs/product.md#security-rules, GET /admin/audit; super admin only, the route guard sends others to /denied):
// who did what to which record, newest first, one line per entry with its before and after in a detail opened on
// demand. Filters and page live in the URL.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../components/ui/date-time';
import { PageHeader } from '../../components/ui/page';
import { Pagination } from '../../components/ui/pagination';
import { errorMessage } from '../../lib/api';
import { msg, t } from '../../lib/i18n';
import { AUDIT_ACTIONS, adminKeys, auditActionLabel, fetchAudit, type AuditFilters } from './api';
import { LoadError, ListLoading } from '../../components/ui/list-state';
import { ChevronDown } from 'lucide-react';

const fieldClass =
  'rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';

const FILTER_KEYS = ['actor', 'action', 'from', 'to'] as const;
const EMPTY: AuditFilters = { actor: '', action: '', from: '', to: '' };

/** The kinds of record the server audits (its `targetType`), in words; an unknown kind is shown as it comes. */
const TARGET_TYPES: Record<string, string> = {
  user: msg('user'),
  deposit: msg('deposit'),
  withdrawal: msg('withdrawal'),
  video: msg('video'),
  settings: msg('settings'),
  subscription_code: msg('subscription_code'),
  announcement: msg('announcement'),
  chain_transfer: msg('chain_transfer'),
};
const targetTypeLabel = (type: string) => (Object.hasOwn(TARGET_TYPES, type) ? t(TARGET_TYPES[type]!) : type);

function useAuditParams(): [AuditFilters & { page: number }, (next: Partial<AuditFilters & { page: number }>) => void] {
  const [search, setSearch] = useSearchParams();
  const params = {
    page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
    actor: search.get('actor') ?? '',
    action: search.get('action') ?? '',
    from: search.get('from') ?? '',
    to: search.get('to') ?? '',
  };
  const update = (next: Partial<AuditFilters & { page: number }>) => {
    const merged = { ...params, ...next };
    const out = new URLSearchParams();
    for (const key of FILTER_KEYS) if (merged[key]) out.set(key, merged[key]);
    if (merged.page > 1) out.set('page', String(merged.page));
    setSearch(out, { replace: true, preventScrollReset: true });
  };
  return [params, update];
}

function Filters({ filters, onApply }: { filters: AuditFilters; onApply: (next: AuditFilters) => void }) {
  const ids = { actor: useId(), action: useId(), from: useId(), to: useId(), error: useId() };
  const [draft, setDraft] = useState(filters);
  const [error, setError] = useState('');
  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setError(t('The "from" date must not be after the "to" date.'));
      return;
    }
    setError('');
    onApply({ ...draft, actor: draft.actor.trim() });
  };
  const active = FILTER_KEYS.some((k) => filters[k]);
  return (
    <form role="search" aria-label={t('Filter the audit log')} onSubmit={apply} noValidate>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.actor} className="text-sm font-medium">
            {t('Actor e-mail')}
          </label>
          <input
            id={ids.actor}
            type="email"
            dir="ltr"
            className={fieldClass}
            value={draft.actor}
            onChange={set('actor')}
            autoComplete="off"
            maxLength={254}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.action} className="text-sm font-medium">
            {t('Action')}
          </label>
          <select id={ids.action} className={fieldClass} value={draft.action} onChange={set('action')}>
            <option value="">{t('All actions')}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a.value} value={a.value}>
                {t(a.label)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.from} className="text-sm font-medium">
            {t('From (UTC day)')}
          </label>
          <input
            id={ids.from}
            type="date"
            className={fieldClass}
            value={draft.from}
            max={draft.to || undefined}
            onChange={set('from')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.to} className="text-sm font-medium">
            {t('To (UTC day)')}
          </label>
          <input
            id={ids.to}
            type="date"
            className={fieldClass}
            value={draft.to}
            min={draft.from || undefined}
            onChange={set('to')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('Apply')}
        </Button>
        {active && (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft(EMPTY);
              setError('');
              onApply(EMPTY);
            }}
          >
            {t('Clear filters')}
          </Button>
        )}
      </div>
      {error && (
        <p id={ids.error} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}

function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A before/after snapshot as "key: value" lines; keys that changed are marked. */
function Snapshot({ value, other }: { value: unknown; other: unknown }) {
  if (value === null || value === undefined) return <span className="text-slate-600 dark:text-slate-300">—</span>;
  // Records as stored (field names and values, as the server keeps them): left to right in Arabic too.
  if (typeof value !== 'object' || Array.isArray(value)) return <bdi dir="ltr" className="font-mono break-all">{formatValue(value)}</bdi>;
  const otherObj = other && typeof other === 'object' && !Array.isArray(other) ? (other as Record<string, unknown>) : null;
  return (
    <ul className="space-y-0.5 font-mono text-xs" dir="ltr">
      {Object.entries(value as Record<string, unknown>).map(([key, v]) => {
        const changed = otherObj !== null && JSON.stringify(otherObj[key]) !== JSON.stringify(v);
        return (
          <li key={key} className={`break-all ${changed ? 'font-semibold' : ''}`}>
            {/* The value isolated: a name stored with U+202E reorders nothing after it. */}
            <span className="text-slate-600 dark:text-slate-300">{key}:</span> <bdi>{formatValue(v)}</bdi>
            {changed && <span className="sr-only"> {t('(changed)')}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function targetEmail(entry: AuditEntry): string | null {
  for (const snap of [entry.after, entry.before]) {
    if (snap && typeof snap === 'object' && 'email' in snap && typeof (snap as { email: unknown }).email === 'string') {
      return (snap as { email: string }).email;
    }
  }
  return null;
}

/**
 * One entry on one line (when, who, what, to whom); the record's before and after, its action code and id open
 * below it on demand (docs/product.md#admin-desks).
 */
function AuditLine({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const email = targetEmail(entry);
  return (
    <li data-testid="audit-row" className="py-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="whitespace-nowrap text-slate-600 dark:text-slate-300">
          <DateTime iso={entry.createdAt} />
        </span>
        <span className="font-medium">{auditActionLabel(entry.action)}</span>
        <span className="min-w-0 [overflow-wrap:anywhere]">
          {email ? <bdi dir="ltr">{email}</bdi> : <span className="capitalize">{targetTypeLabel(entry.targetType)}</span>}
        </span>
        <span className="min-w-0 text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
          {t('by')} {entry.actorEmail ? <bdi dir="ltr">{entry.actorEmail}</bdi> : t('Unknown')}
        </span>
        <Button variant="ghost" className="ms-auto px-2 py-1" aria-expanded={open} aria-controls={detailId} onClick={() => setOpen((o) => !o)}>
          {t('Details')}
          <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </Button>
      </div>
      <div id={detailId} hidden={!open} data-testid="audit-detail" className="mt-2 grid gap-3 rounded-lg bg-slate-50 p-3 text-sm @container sm:grid-cols-2 dark:bg-slate-800/60">
        <p className="sm:col-span-2">
          <span className="capitalize">{targetTypeLabel(entry.targetType)}</span>{' '}
          <span className="font-mono text-xs break-all text-slate-600 dark:text-slate-300">{entry.action} {entry.targetId}</span>
        </p>
        <div className="min-w-0" data-testid="audit-before">
          <h3 className="mb-1 text-xs font-semibold uppercase text-slate-600 dark:text-slate-300">{t('Before')}</h3>
          <Snapshot value={entry.before} other={entry.after} />
        </div>
        <div className="min-w-0" data-testid="audit-after">
          <h3 className="mb-1 text-xs font-semibold uppercase text-slate-600 dark:text-slate-300">{t('After')}</h3>
          <Snapshot value={entry.after} other={entry.before} />
        </div>
      </div>
    </li>
  );
}

export function AuditPage() {
  const [params, setParams] = useAuditParams();
  const list = useQuery({
    queryKey: adminKeys.audit(params),
    queryFn: () => fetchAudit(params),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / (data.limit || 1))) : 1;
  const filtered = FILTER_KEYS.some((k) => params[k]);

  let body: ReactNode;
  if (list.isPending) {
    body = <ListLoading label={t('Loading the audit log…')} />;
  } else if (list.isError && (!data || list.isPlaceholderData)) {
    body = <LoadError onRetry={() => void list.refetch()}>{errorMessage(list.error, t('Could not load the audit log.'))}</LoadError>;
  } else if (!data || data.entries.length === 0) {
    body = (
      <p className="py-4 text-slate-600 dark:text-slate-300">
        {data && data.total > 0
          ? t('There is nothing on this page.')
          : filtered
            ? t('No entries match these filters.')
            : t('No admin actions recorded yet.')}
      </p>
    );
  } else {
    body = (
      <ul aria-label={t('Audit log, newest first')} aria-busy={list.isFetching} className="divide-y divide-slate-200 dark:divide-slate-700">
        {data.entries.map((entry) => (
          <AuditLine key={entry._id} entry={entry} />
        ))}
      </ul>
    );
  }

  const filterKey = FILTER_KEYS.map((k) => params[k]).join('|');
  return (
    <section>
      <PageHeader title={t('Audit log')} intro={t('Every admin action: who did it, to what, and what changed. Newest first; days are UTC.')} />
      <Card>
        <Filters key={filterKey} filters={params} onApply={(next) => setParams({ ...next, page: 1 })} />
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {data ? t('{count, plural, one {{count} entry} other {{count} entries}}', { count: data.total }) : '\u00a0'}
        </p>
        <div className="mt-2">{body}</div>
        {data && data.entries.length > 0 && (
          <Pagination label={t('Audit log')} page={params.page} pageCount={pageCount} onPage={(page) => setParams({ page })} />
        )}
      </Card>
    </section>
  );
}
