// /user/support: the user's tickets (latest activity first, with their status and unread mark) and the form
// that opens one: subject, category, message, up to 3 files, and optionally one of their deposits or
// withdrawals. The server checks everything (files from their bytes) and answers in the user's language.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPoints, type SupportCategory } from '@app/contract';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateTime, formatDate } from '../../components/ui/date-time';
import { Input } from '../../components/ui/input';
import { LoadError, ListLoading } from '../../components/ui/list-state';
import { PageHeader } from '../../components/ui/page';
import { useMyDeposits, useMyWithdrawals } from '../../lib/account-api';
import { errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { fetchMyTickets, openTicket, readFile, supportKeys } from './api';
import { CATEGORY_LABEL, CATEGORY_OPTIONS, SelectField, TicketRow, selectClass } from './labels';
import { MessageFields } from './message-form';
import { EmptyState } from '../../components/ui/empty-state';

function NewTicketForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<SupportCategory>('deposit');
  const [about, setAbout] = useState('');
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const aboutId = useId();
  const deposits = useMyDeposits();
  const withdrawals = useMyWithdrawals();

  const send = useMutation({
    mutationFn: async () => {
      const [kind, id] = about.split(':');
      return openTicket({
        subject,
        category,
        message,
        attachments: await Promise.all(files.map(readFile)),
        about: kind && id ? { kind: kind as 'deposit' | 'withdrawal', id } : null,
      });
    },
    onSuccess: (data) => {
      toast.success(data.message);
      void queryClient.invalidateQueries({ queryKey: supportKeys.all });
      void navigate(`/user/support/${data.ticket._id}`);
    },
    onError: (error) => toast.error(errorMessage(error, t('Could not open the ticket. Try again.'))),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!send.isPending) send.mutate();
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('New ticket')}</h2>
      <form noValidate onSubmit={submit} aria-busy={send.isPending} className="mt-4 grid gap-4">
        <Input label={t('Subject')} name="subject" value={subject} onChange={(e) => setSubject(e.target.value)} disabled={send.isPending} autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('Category')} value={category} onChange={setCategory} options={CATEGORY_OPTIONS} disabled={send.isPending} />
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={aboutId} className="text-sm font-medium">
              {t('About (optional)')}
            </label>
            <select id={aboutId} className={selectClass} value={about} onChange={(e) => setAbout(e.target.value)} disabled={send.isPending}>
              <option value="">{t('Nothing in particular')}</option>
              {(deposits.data ?? []).length > 0 && (
                <optgroup label={t('Your deposits')}>
                  {deposits.data!.map((d) => (
                    <option key={d._id} value={`deposit:${d._id}`}>
                      {t('{amount} USDT · {day}', { amount: formatPoints(d.amount), day: formatDate(d.createdAt, { day: true }) })}
                    </option>
                  ))}
                </optgroup>
              )}
              {(withdrawals.data ?? []).length > 0 && (
                <optgroup label={t('Your withdrawals')}>
                  {withdrawals.data!.map((w) => (
                    <option key={w._id} value={`withdrawal:${w._id}`}>
                      {t('{amount} USDT · {day}', { amount: formatPoints(w.amount), day: formatDate(w.createdAt, { day: true }) })}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          </div>
        </div>
        <MessageFields message={message} onMessage={setMessage} files={files} onFiles={setFiles} disabled={send.isPending} label={t('Message')} />
        <div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('Sending…') : t('Open ticket')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function MyTickets() {
  const list = useQuery({ queryKey: supportKeys.mine, queryFn: fetchMyTickets, refetchOnMount: 'always' });
  let content: ReactNode;
  if (list.isPending) content = <ListLoading label={t('Loading your tickets…')} />;
  else if (list.isError) content = <LoadError onRetry={() => void list.refetch()}>{errorMessage(list.error, t('Could not load your tickets.'))}</LoadError>;
  else if (list.data.length === 0)
    content = (
      <EmptyState art="inbox">
        <p>{t('You have no tickets yet.')}</p>
      </EmptyState>
    );
  else
    content = (
      <ul className="grid gap-2" data-testid="my-tickets">
        {list.data.map((ticket) => (
          <TicketRow key={ticket._id} ticket={ticket} to={`/user/support/${ticket._id}`}>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {t(CATEGORY_LABEL[ticket.category])} · <DateTime iso={ticket.updatedAt} />
            </p>
          </TicketRow>
        ))}
      </ul>
    );
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold">{t('Your tickets')}</h2>
      {content}
    </Card>
  );
}

export function SupportPage() {
  return (
    <>
      <PageHeader title={t('Support')} intro={t('Write to the platform team: a deposit not credited, a withdrawal, your account. We answer here.')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0">
          <NewTicketForm />
        </div>
        <div className="min-w-0">
          <MyTickets />
        </div>
      </div>
    </>
  );
}
