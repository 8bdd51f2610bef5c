// The activity feed (docs/product.md#activity): the caller's movements read as a money app shows them, one line
// each, grouped by day: an icon, who (the other person's name) or what (the kind), the time, the signed amount at
// the line's end. E-mails, transaction IDs and payout addresses would crowd a phone's line: they are in the
// line's detail view, each with a copy button. The dashboard shows the newest lines; the statement shows every
// line this way on phones (its table on wider screens).
import { useId, useState, type ComponentType, type ReactNode } from 'react';
import {
  ArrowDownLeft,
  ArrowDownToLine,
  ArrowUpFromLine,
  ArrowUpRight,
  BadgeCheck,
  ChevronDown,
  Circle,
  CirclePlay,
  ShieldCheck,
  Undo2,
  Users,
} from 'lucide-react';
import { formatPoints, type StatementEntry } from '@app/contract';
import { CopyButton } from './ui/copy-button';
import { DateTime } from './ui/date-time';
import { LongValue } from './ui/long-value';
import { SignedAmount } from './ui/signed-amount';
import { msg, t } from '../lib/i18n';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

/** What each kind of ledger entry is called on its line, and its icon. A kind not listed shows its description. */
const KINDS: Record<string, { label: string; Icon: Icon }> = {
  deposit_approve: { label: msg('Deposit'), Icon: ArrowDownToLine },
  deposit_chain: { label: msg('Deposit'), Icon: ArrowDownToLine },
  deposit_chain_assigned: { label: msg('Deposit'), Icon: ArrowDownToLine },
  deposit_revert: { label: msg('Deposit reverted'), Icon: Undo2 },
  withdrawal_request: { label: msg('Withdrawal'), Icon: ArrowUpFromLine },
  withdrawal_refund: { label: msg('Withdrawal refunded'), Icon: Undo2 },
  adjustment_add: { label: msg('Added by an admin'), Icon: ShieldCheck },
  adjustment_remove: { label: msg('Removed by an admin'), Icon: ShieldCheck },
  subscription: { label: msg('Subscription'), Icon: BadgeCheck },
  video_reward: { label: msg('Video reward'), Icon: CirclePlay },
  referral_bonus: { label: msg('Referral bonus'), Icon: Users },
  referral_commission: { label: msg('Referral commission'), Icon: Users },
};

function kindOf(entry: StatementEntry): { label: string; Icon: Icon } {
  if (entry.kind === 'transfer') return { label: msg('Transfer'), Icon: entry.amount < 0 ? ArrowUpRight : ArrowDownLeft };
  return KINDS[entry.kind] ?? { label: '', Icon: Circle };
}

/** The line's words: the other person's name when there is one, else the kind; the kind stays under a name. */
function lineText(entry: StatementEntry): { title: string; kind: string } {
  const { label } = kindOf(entry);
  const kind = label ? t(label) : entry.description;
  return { title: entry.counterparty ?? kind, kind };
}

/** A local calendar day, as the key of its group. */
const dayKey = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
};

function DayHeading({ iso }: { iso: string }) {
  const key = dayKey(iso);
  const now = new Date();
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (key === dayKey(now.toISOString())) return <>{t('Today')}</>;
  if (key === dayKey(yesterday.toISOString())) return <>{t('Yesterday')}</>;
  return <DateTime iso={iso} day />;
}

/** Consecutive entries of one local day (the entries come newest first). */
function byDay(entries: StatementEntry[]): StatementEntry[][] {
  const groups: StatementEntry[][] = [];
  for (const entry of entries) {
    const last = groups[groups.length - 1];
    if (last && dayKey(last[0].createdAt) === dayKey(entry.createdAt)) last.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

const term = 'text-xs text-slate-600 dark:text-slate-300';

function Detail({ entry, id }: { entry: StatementEntry; id: string }) {
  const { kind } = lineText(entry);
  const rows: [string, ReactNode][] = [
    [t('Type'), kind],
    [t('Date'), <DateTime key="d" iso={entry.createdAt} />],
    [t('Amount'), <span key="a" className="font-semibold tabular-nums"><SignedAmount amount={entry.amount} /> USDT</span>],
    [t('Balance after'), <span key="b" className="tabular-nums">{formatPoints(entry.balance)} USDT</span>],
  ];
  if (entry.counterparty) rows.push([t('Name'), <bdi key="n" className="break-words">{entry.counterparty}</bdi>]);
  if (entry.counterpartyEmail) {
    rows.push([
      t('E-mail'),
      <span key="e" className="inline-flex max-w-full items-start gap-1">
        <bdi className="min-w-0 [overflow-wrap:anywhere]">{entry.counterpartyEmail}</bdi>
        <CopyButton text={entry.counterpartyEmail} what={t('E-mail')} ariaLabel={t('Copy e-mail {email}', { email: entry.counterpartyEmail })} compact />
      </span>,
    ]);
  }
  if (entry.reference) rows.push([t('Reference'), <LongValue key="r" value={entry.reference} what={t('Reference')} />]);
  rows.push([t('Description'), <span key="s" className="[overflow-wrap:anywhere]">{entry.description}</span>]);
  return (
    <dl id={id} data-testid="activity-detail" className="mx-2 mb-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className={term}>{label}</dt>
          <dd className="min-w-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Line({ entry }: { entry: StatementEntry }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const { Icon } = kindOf(entry);
  const { title, kind } = lineText(entry);
  const credit = entry.amount > 0;
  return (
    <li data-testid="activity-line">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? detailId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-start hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-700 dark:hover:bg-slate-800 dark:focus-visible:outline-emerald-300"
      >
        <span
          className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${credit ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}
        >
          <Icon aria-hidden="true" className="h-4 w-4" />
        </span>
        <span className="min-w-0 flex-1">
          <bdi data-testid="activity-title" className="block truncate text-sm font-medium">
            {title}
          </bdi>
          <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
            {title === kind ? null : <>{kind} · </>}
            <DateTime iso={entry.createdAt} time />
          </span>
        </span>
        <span data-testid="activity-amount" className="shrink-0 text-end text-sm font-semibold whitespace-nowrap tabular-nums">
          <SignedAmount amount={entry.amount} /> <span className="text-xs font-normal text-slate-600 dark:text-slate-300">USDT</span>
        </span>
        <ChevronDown aria-hidden="true" className={`h-4 w-4 shrink-0 text-slate-500 transition-transform dark:text-slate-400 ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && <Detail entry={entry} id={detailId} />}
    </li>
  );
}

/** The entries (newest first) as the feed; `label` names the list for screen readers. */
export function ActivityFeed({ entries, label }: { entries: StatementEntry[]; label: string }) {
  return (
    <ol aria-label={label} className="space-y-2">
      {byDay(entries).map((group) => (
        <li key={group[0]._id} data-testid="activity-day">
          <h3 className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
            <DayHeading iso={group[0].createdAt} />
          </h3>
          <ul className="space-y-1">
            {group.map((entry) => (
              <Line key={entry._id} entry={entry} />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
