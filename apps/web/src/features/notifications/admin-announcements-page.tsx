// /admin/announcements (ADMIN or SADMIN): write to every user, to subscribers or to admins. Each recipient finds
// it in their notifications, and by e-mail when ticked (unless they turned announcement e-mails off). Sending
// is confirmed in a dialog that names the audience; the server audits it and counts the recipients.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { LoadError, PageGone, ListLoading } from '../../components/ui/list-state';
import { PageHeader } from '../../components/ui/page';
import { RadioCard } from '../../components/ui/radio-card';
import { Pagination } from '../../components/ui/pagination';
import { errorMessage } from '../../lib/api';
import { formatCount, msg, t, Trans } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX, announcementBody, type AnnouncementAudience, type TEXT_MSG } from '@app/contract';
import { parseOrToast } from '../../lib/validate';
import { ANNOUNCEMENTS_LIMIT, fetchAnnouncements, notificationKeys, sendAnnouncement } from './api';
import { When } from './notification-item';

/** The contract's one-line refusals (TEXT_MSG), shown by parseOrToast in the current language. */
const ONE_LINE_MESSAGES: readonly (typeof TEXT_MSG.announcementTitle | typeof TEXT_MSG.announcementBody)[] = [
  msg('Announcement title must be one line of text without control or direction characters'),
  msg('Announcement text must not contain control or direction characters (line breaks are allowed)'),
];
void ONE_LINE_MESSAGES;

const AUDIENCES: { value: AnnouncementAudience; label: string; hint: string }[] = [
  { value: 'all', label: msg('All users'), hint: msg('Everyone with an account.') },
  { value: 'subscribers', label: msg('Subscribers'), hint: msg('Users with an active subscription.') },
  { value: 'admins', label: msg('Admins'), hint: msg('Admins and super admins.') },
];

/** "12 / 120", turning red past the limit; read out with the field it describes. */
function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className={`text-end text-xs tabular-nums ${length > max ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-300'}`}>
      {t('{length} / {max} characters', { length, max })}
    </p>
  );
}

function AnnouncementForm() {
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [target, setTarget] = useState<AnnouncementAudience>('all');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [email, setEmail] = useState(false);
  const titleCounterId = useId();
  const bodyId = useId();
  const bodyCounterId = useId();

  const send = useMutation({
    mutationFn: sendAnnouncement,
    onSuccess: (data) => {
      const n = data.announcement.recipients;
      toast.success(data.message || t('Announcement sent to {n, plural, one {# recipient} other {# recipients}}', { n }));
      setTitle('');
      setBody('');
      setEmail(false);
    },
    onError: (error) => toast.error(errorMessage(error, t('Could not send the announcement. Try again.'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.announcementsAll }),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const values = parseOrToast(announcementBody, { audience: target, title, body, email });
    if (!values) return;
    const ok = await confirm({
      title: t('{audience, select, subscribers {Send to subscribers?} admins {Send to admins?} other {Send to all users?}}', { audience: target }),
      message: t(
        '“{title}” goes to the notifications of {audience, select, subscribers {every subscriber} admins {every admin} other {every user}}{email, select, yes {, and by e-mail to those who accept announcement e-mails} other {}}. It cannot be taken back.',
        { title: values.title, audience: target, email: values.email ? 'yes' : 'no' },
      ),
      confirmLabel: t('Send'),
    });
    if (ok) send.mutate(values);
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('New announcement')}</h2>
      <form noValidate onSubmit={(e) => void submit(e)} aria-busy={send.isPending} className="mt-4 grid gap-4">
        <fieldset disabled={send.isPending}>
          <legend className="text-sm font-medium">{t('Audience')}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            {AUDIENCES.map((a) => (
              <RadioCard
                key={a.value}
                name="audience"
                value={a.value}
                checked={target === a.value}
                onChange={() => setTarget(a.value)}
                title={t(a.label)}
                detail={t(a.hint)}
              />
            ))}
          </div>
        </fieldset>
        <div>
          <Input
            label={t('Title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            disabled={send.isPending}
            aria-describedby={titleCounterId}
            autoComplete="off"
          />
          <Counter id={titleCounterId} length={title.trim().length} max={ANNOUNCEMENT_TITLE_MAX} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={bodyId} className="text-sm font-medium">
            {t('Message')}
          </label>
          <textarea
            id={bodyId}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            disabled={send.isPending}
            rows={6}
            aria-describedby={bodyCounterId}
            className="rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100"
          />
          <Counter id={bodyCounterId} length={body.trim().length} max={ANNOUNCEMENT_BODY_MAX} />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            checked={email}
            onChange={(e) => setEmail(e.target.checked)}
            disabled={send.isPending}
            className="h-4 w-4 accent-emerald-700 dark:accent-emerald-400"
          />
          {t('Also send by e-mail')}
        </label>
        <div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('Sending…') : t('Send announcement')}
          </Button>
        </div>
      </form>
      {dialog}
    </Card>
  );
}

function SentAnnouncements() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: notificationKeys.announcements(page),
    queryFn: () => fetchAnnouncements(page),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / ANNOUNCEMENTS_LIMIT)) : 1;

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <ListLoading label={t('Loading announcements…')} />
    );
  } else if (list.isError || !data) {
    content = <LoadError onRetry={() => void list.refetch()}>{errorMessage(list.error, t('Could not load the announcements.'))}</LoadError>;
  } else if (data.total === 0) {
    content = <p className="py-4 text-slate-600 dark:text-slate-300">{t('No announcement has been sent yet.')}</p>;
  } else if (data.announcements.length === 0) {
    content = <PageGone onFirstPage={() => setPage(1)} />;
  } else {
    content = (
      <>
        <ul className="mt-3 grid gap-2" aria-busy={list.isFetching}>
          {data.announcements.map((a) => (
            <li key={a._id} data-testid="announcement-row" className="min-w-0 rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-700">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h3 className="font-semibold break-words">{a.title}</h3>
                <p className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-300">
                  <When iso={a.createdAt} />
                </p>
              </div>
              <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300">{a.body}</p>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                {t('{audience, select, subscribers {To subscribers} admins {To admins} other {To all users}}', { audience: a.audience })} ·{' '}
                <Trans
                  id="{n, plural, one {<0>{count}</0> recipient} other {<0>{count}</0> recipients}}"
                  values={{ n: a.recipients, count: formatCount(a.recipients) }}
                  components={{ 0: <span className="font-semibold tabular-nums" data-testid="announcement-recipients" /> }}
                />{' '}
                · {a.email ? t('in-app and e-mail') : t('in-app only')}
              </p>
            </li>
          ))}
        </ul>
        <Pagination label={t('Announcements')} page={page} pageCount={pageCount} onPage={setPage} />
      </>
    );
  }

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('Sent announcements')}</h2>
      {content}
    </Card>
  );
}

export function AdminAnnouncementsPage() {
  return (
    <>
      <PageHeader
        title={t('Announcements')}
        intro={t('Tell users about the platform: each recipient finds it in their notifications, and by e-mail if you tick it.')}
      />
      <div className="grid gap-6">
        <AnnouncementForm />
        <SentAnnouncements />
      </div>
    </>
  );
}
