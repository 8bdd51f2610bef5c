// /user/support/:id: one of the user's tickets: the thread (the operator's internal notes are never sent
// here), a reply with files, and close / reopen (within 7 days of closing). A reply from the operator arrives
// live: the notification stream re-reads the `support` queries.
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { t } from '../../lib/i18n';
import { fetchTicket, replyToTicket, setTicketOpen, supportKeys } from './api';
import { CATEGORY_LABEL, TicketStatusBadge } from './labels';
import { MessageFields, TicketPending, useReply, useTicketAction } from './message-form';
import { Thread } from './thread';

export function TicketPage() {
  const { id = '' } = useParams();
  const ticket = useQuery({ queryKey: supportKeys.ticket(id), queryFn: () => fetchTicket(id), refetchOnMount: 'always' });
  const reply = useReply(supportKeys.ticket(id), (message, attachments) => replyToTicket(id, { message, attachments }));
  const openClose = useTicketAction((open: boolean) => setTicketOpen(id, open));

  const back = (
    <Link to="/user/support" className="text-sm text-emerald-800 underline dark:text-emerald-300">
      {t('All your tickets')}
    </Link>
  );
  if (!ticket.data) return <TicketPending query={ticket} back={back} />;
  const data = ticket.data;
  const closed = data.status === 'closed';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reply.mutation.isPending) reply.mutation.mutate();
  };

  return (
    <>
      <PageHeader title={`#${data.number} ${data.subject}`} />
      <div className="mb-4 flex flex-wrap items-center gap-3 text-sm">
        {back}
        <TicketStatusBadge status={data.status} />
        <span>{t(CATEGORY_LABEL[data.category])}</span>
        {data.about && (
          <span className="break-all">
            {data.about.kind === 'deposit' ? t('About your deposit {label}', { label: data.about.label }) : t('About your withdrawal {label}', { label: data.about.label })}
          </span>
        )}
      </div>
      <div className="grid gap-6">
        <Thread messages={data.messages} viewer="user" />
        <Card>
          {closed ? (
            <div className="grid gap-3">
              <p>{t('This ticket is closed. You can reopen it within 7 days of its closing.')}</p>
              <div>
                <Button onClick={() => openClose.mutate(true)} disabled={openClose.isPending}>
                  {t('Reopen ticket')}
                </Button>
              </div>
            </div>
          ) : (
            <form noValidate onSubmit={submit} aria-busy={reply.mutation.isPending} className="grid gap-4">
              <MessageFields {...reply.fields} label={t('Your reply')} />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" disabled={reply.mutation.isPending}>
                  {reply.mutation.isPending ? t('Sending…') : t('Send reply')}
                </Button>
                <Button variant="secondary" onClick={() => openClose.mutate(false)} disabled={openClose.isPending}>
                  {t('Close ticket')}
                </Button>
              </div>
            </form>
          )}
        </Card>
      </div>
    </>
  );
}
