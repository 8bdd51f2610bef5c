// The words of a ticket's category and status, shared by the user's pages and the desk.
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SUPPORT_CATEGORIES, type SupportCategory, type TicketStatus, type TicketSummary } from '@app/contract';
import { msg, t } from '../../lib/i18n';

export const CATEGORY_LABEL: Record<SupportCategory, string> = {
  deposit: msg('Deposit'),
  withdrawal: msg('Withdrawal'),
  account: msg('Account'),
  videos: msg('Videos'),
  other: msg('Other'),
};

const STATUS_LABEL: Record<TicketStatus, string> = {
  open: msg('Open'),
  answered: msg('Answered'),
  closed: msg('Closed'),
};
const STATUS_TONE: Record<TicketStatus, string> = {
  open: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  answered: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  closed: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}>{t(STATUS_LABEL[status])}</span>;
}

/** The unread mark: a dot and words for screen readers. */
function UnreadMark() {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-semibold text-red-800 dark:text-red-300" data-testid="ticket-unread">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-red-700 dark:bg-red-400" />
      {t('New reply')}
    </span>
  );
}

export const selectClass =
  'min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 disabled:opacity-60 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';

export const STATUS_OPTIONS = (['open', 'answered', 'closed'] as const).map((s) => ({ value: s, label: STATUS_LABEL[s] }));
export const CATEGORY_OPTIONS = SUPPORT_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABEL[c] }));

/** A labelled select of `options` (their labels are message ids, translated here). */
export function SelectField<V extends string>({
  label,
  value,
  onChange,
  options,
  disabled,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value as V)} disabled={disabled}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {t(o.label)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One ticket of a list (the user's or the desk's): its number and subject as a link, unread mark, status, and `children` below. */
export function TicketRow({ ticket, to, children }: { ticket: TicketSummary; to: string; children: ReactNode }) {
  return (
    <li className="min-w-0 rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={to} className="min-w-0 font-semibold break-words text-emerald-800 underline dark:text-emerald-300">
          #{ticket.number} {ticket.subject}
        </Link>
        <span className="flex items-center gap-2">
          {ticket.unread && <UnreadMark />}
          <TicketStatusBadge status={ticket.status} />
        </span>
      </div>
      {children}
    </li>
  );
}
