// /admin/support/:id (ADMIN or SADMIN): a ticket on the desk. The thread with internal notes (amber; users never
// see them), a reply or a note, assign to oneself, close; beside it the user's balance, last deposits and
// withdrawals, and a link to the record the ticket is about.
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateTime } from '../../components/ui/date-time';
import { PageHeader } from '../../components/ui/page';
import { t } from '../../lib/i18n';
import { deskAction, fetchDeskTicket, staffReply, supportKeys } from './api';
import { CATEGORY_LABEL, TicketStatusBadge } from './labels';
import { MessageFields, TicketPending, useReply, useTicketAction } from './message-form';
import { Thread } from './thread';

export function AdminTicketPage() {
  const { id = '' } = useParams();
  const ticket = useQuery({ queryKey: supportKeys.deskTicket(id), queryFn: () => fetchDeskTicket(id), refetchOnMount: 'always' });
  const [internal, setInternal] = useState(false);
  const reply = useReply(supportKeys.deskTicket(id), (message, attachments) => staffReply(id, { message, internal, attachments }), () => setInternal(false));
  const action = useTicketAction((what: 'assign' | 'close') => deskAction(id, what));

  const back = (
    <Link to="/admin/support" className="text-sm text-emerald-800 underline dark:text-emerald-300">
      {t('Back to the desk')}
    </Link>
  );
  if (!ticket.data) return <TicketPending query={ticket} back={back} />;
  const data = ticket.data;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reply.mutation.isPending) reply.mutation.mutate();
  };
  const closed = data.status === 'closed';

  return (
    <>
      <PageHeader title={`#${data.number} ${data.subject}`} />
      <div className="mb-4 flex flex-wrap items-center gap-3 text-sm">
        {back}
        <TicketStatusBadge status={data.status} />
        <span>{t(CATEGORY_LABEL[data.category])}</span>
        <span className="break-all">{data.email}</span>
        <span>{data.assignedTo ? t('Assigned to {name}', { name: data.assignedTo.name }) : t('Not assigned')}</span>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-6">
          <Thread messages={data.messages} viewer="staff" />
          <Card>
            <form noValidate onSubmit={submit} aria-busy={reply.mutation.isPending} className="grid gap-4">
              <MessageFields {...reply.fields} label={internal ? t('Internal note') : t('Reply to the user')} />
              <label className="flex items-center gap-2 text-sm font-medium">
                <input type="checkbox" checked={internal} onChange={(e) => setInternal(e.target.checked)} className="h-4 w-4 accent-amber-600" />
                {t('Internal note (the user never sees it)')}
              </label>
              {closed && !internal && <p className="text-sm text-slate-700 dark:text-slate-300">{t('The ticket is closed: only internal notes can be added.')}</p>}
              <div className="flex flex-wrap gap-3">
                <Button type="submit" disabled={reply.mutation.isPending || (closed && !internal)}>
                  {reply.mutation.isPending ? t('Sending…') : internal ? t('Save note') : t('Send reply')}
                </Button>
                <Button variant="secondary" onClick={() => action.mutate('assign')} disabled={action.isPending}>
                  {t('Assign to me')}
                </Button>
                {!closed && (
                  <Button variant="secondary" onClick={() => action.mutate('close')} disabled={action.isPending}>
                    {t('Close ticket')}
                  </Button>
                )}
              </div>
            </form>
          </Card>
        </div>
        <aside className="grid min-w-0 content-start gap-4" aria-label={t('The user’s account')}>
          <Card>
            <h2 className="font-semibold break-words">{data.account.fullName}</h2>
            <p className="text-sm break-all text-slate-700 dark:text-slate-300">{data.email}</p>
            <p className="mt-2">
              {t('Balance:')} <span className="font-semibold tabular-nums" data-testid="desk-balance">{data.account.balance.toFixed(2)}</span>
            </p>
            {data.about && (
              <p className="mt-2 text-sm break-all">
                {t('About:')}{' '}
                <Link
                  // The record's desk, filtered to this user (the ticket's record is among their few).
                  to={`${data.about.kind === 'deposit' ? '/admin/deposit' : '/admin/withdraw'}?email=${encodeURIComponent(data.email)}`}
                  className="text-emerald-800 underline dark:text-emerald-300"
                  data-testid="ticket-about"
                >
                  {data.about.kind === 'deposit' ? t('Deposit {label}', { label: data.about.label }) : t('Withdrawal {label}', { label: data.about.label })}
                </Link>
              </p>
            )}
          </Card>
          <Records title={t('Last deposits')} rows={data.account.deposits} doneLabel={t('Credited')} />
          <Records title={t('Last withdrawals')} rows={data.account.withdrawals} doneLabel={t('Processed')} />
        </aside>
      </div>
    </>
  );
}

function Records({ title, rows, doneLabel }: { title: string; rows: { _id: string; amount: number; reference: string; done: boolean; createdAt: string }[]; doneLabel: string }) {
  return (
    <Card>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('None')}</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {rows.map((r) => (
            <li key={r._id} className="min-w-0">
              <span className="font-semibold tabular-nums">{r.amount.toFixed(2)}</span> · {r.done ? doneLabel : t('Pending')} · <DateTime iso={r.createdAt} />
              <span className="block truncate text-xs text-slate-600 dark:text-slate-300" title={r.reference}>
                {r.reference}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
